/** What a role without access sees on a section outside its menu. See docs/product/roles-and-scope.md#sezioni-negate */
export function AccessDenied({ text }: { text: string }) {
  const [title, ...rest] = text.split(' - ');
  return (
    <div className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-800" role="alert">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p>{rest.join(' - ')}</p>
    </div>
  );
}

import { AlertCircle } from 'lucide-react';

export function NotFoundRoute() {
  return (
    <main className="flex min-h-dvh w-full items-center justify-center bg-background p-4">
      <div className="w-full max-w-md rounded-lg border bg-card p-6 shadow-sm">
        <div className="mb-4 flex gap-2">
          <AlertCircle className="size-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold">404 Page Not Found</h1>
        </div>
        <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      </div>
    </main>
  );
}

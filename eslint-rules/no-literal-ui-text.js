/**
 * Words a person reads are written in the message catalogue (src/shared/messages.ts or
 * messages-landing.ts), never in a component: this rule finds text in JSX (children, and the
 * props that show text) and says where it belongs. Syntactic only, so it costs no type
 * information (docs/architecture.md#testi).
 */
const WORD = /\p{L}{2,}/u;

/** Props whose value is shown or read aloud. */
const TEXT_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'alt',
  'cancelLabel',
  'confirmLabel',
  'description',
  'emptyText',
  'hint',
  'label',
  'message',
  'placeholder',
  'subtitle',
  'title',
  'tooltip',
]);

function hasWords(node) {
  if (!node) return false;
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && WORD.test(node.value);
    case 'TemplateLiteral':
      return node.quasis.some((q) => WORD.test(q.value.cooked ?? q.value.raw));
    case 'ConditionalExpression':
      return hasWords(node.consequent) || hasWords(node.alternate);
    case 'LogicalExpression':
      return hasWords(node.right) || (node.operator !== '&&' && hasWords(node.left));
    case 'BinaryExpression':
      return node.operator === '+' && (hasWords(node.left) || hasWords(node.right));
    default:
      return false;
  }
}

export default {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      text: 'Testo visibile scritto nel componente: mettilo nel catalogo (src/shared/messages.ts, msg.…).',
    },
  },
  create(context) {
    return {
      JSXText(node) {
        if (WORD.test(node.value)) context.report({ node, messageId: 'text' });
      },
      JSXExpressionContainer(node) {
        const parent = node.parent?.type;
        if ((parent === 'JSXElement' || parent === 'JSXFragment') && hasWords(node.expression))
          context.report({ node, messageId: 'text' });
      },
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !TEXT_PROPS.has(node.name.name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (hasWords(value)) context.report({ node, messageId: 'text' });
      },
    };
  },
};

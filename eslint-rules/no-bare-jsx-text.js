// Local ESLint rule: user-visible text in JSX goes through i18n (`t('key')`), never as a bare string,
// so that every screen exists in all four languages.

/** Whole strings that are the same in every language: brand names, units, file formats. */
export const DEFAULT_ALLOWED_TEXTS = ['SARM', 'WHO', 'µm', 'fps', 'CSV', 'PDF', 'ID', 'OK'];

/** JSX attributes whose string value the user sees or hears. */
export const DEFAULT_CHECKED_ATTRIBUTES = [
  'label',
  'title',
  'placeholder',
  'helperText',
  'aria-label',
  'alt',
  'primary',
  'secondary',
  'subheader',
];

const LETTER = /\p{L}/u;

/**
 * @param {string} text
 * @param {Set<string>} allowed
 */
function isBareText(text, allowed) {
  const trimmed = text.trim();
  return LETTER.test(trimmed) && !allowed.has(trimmed);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noBareJsxText = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Disallow bare user-visible text in JSX (text children, string children and labelling attributes); use t() instead',
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          attributes: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Bare text "{{text}}" in JSX: move it to the locale files and use t().',
      attribute:
        'Bare text "{{text}}" in the "{{attribute}}" attribute: move it to the locale files and use t().',
    },
  },
  create(context) {
    /** @type {{ allow?: string[], attributes?: string[] }} */
    const options = context.options[0] ?? {};
    const allowed = new Set([...DEFAULT_ALLOWED_TEXTS, ...(options.allow ?? [])]);
    const attributes = new Set(options.attributes ?? DEFAULT_CHECKED_ATTRIBUTES);

    /**
     * The string parts of an expression that end up on screen as they are: literals, the static
     * parts of template literals, and both branches of `a ? 'x' : 'y'` / the right of `a && 'x'`.
     * @param {import('estree').Node} node
     * @returns {{ node: import('estree').Node, text: string }[]}
     */
    function visibleStrings(node) {
      switch (node.type) {
        case 'Literal':
          return typeof node.value === 'string' ? [{ node, text: node.value }] : [];
        case 'TemplateLiteral': {
          const text = node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
          return [{ node, text }];
        }
        case 'ConditionalExpression':
          return [...visibleStrings(node.consequent), ...visibleStrings(node.alternate)];
        case 'LogicalExpression':
          return visibleStrings(node.right);
        default:
          return [];
      }
    }

    /**
     * @param {import('estree').Node} node
     * @param {string | undefined} attribute
     */
    function reportStrings(node, attribute) {
      for (const found of visibleStrings(node)) {
        if (!isBareText(found.text, allowed)) continue;
        const text = found.text.trim().slice(0, 40);
        if (attribute === undefined)
          context.report({ node: found.node, messageId: 'text', data: { text } });
        else
          context.report({ node: found.node, messageId: 'attribute', data: { text, attribute } });
      }
    }

    return {
      /** @param {any} node JSXText */
      JSXText(node) {
        if (isBareText(node.value, allowed))
          context.report({
            node,
            messageId: 'text',
            data: { text: node.value.trim().slice(0, 40) },
          });
      },
      /** @param {any} node JSXExpressionContainer */
      JSXExpressionContainer(node) {
        const parent = node.parent;
        if (parent.type === 'JSXElement' || parent.type === 'JSXFragment')
          reportStrings(node.expression, undefined);
      },
      /** @param {any} node JSXAttribute */
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || !attributes.has(node.name.name)) return;
        const value = node.value;
        if (value === null) return;
        if (value.type === 'Literal') reportStrings(value, node.name.name);
        else if (value.type === 'JSXExpressionContainer')
          reportStrings(value.expression, node.name.name);
      },
    };
  },
};

/** The local plugin that eslint.config.js registers as `sarm`. */
export default {
  meta: { name: 'eslint-plugin-sarm-local' },
  rules: { 'no-bare-jsx-text': noBareJsxText },
};

import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { noBareJsxText } from './no-bare-jsx-text.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ruleTester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

ruleTester.run('no-bare-jsx-text', noBareJsxText, {
  valid: [
    "<Typography>{t('login.title')}</Typography>",
    '<Box>  {count}  </Box>',
    '<span>{value} • {other} — 42 % × :</span>',
    '<span>(3/4)</span>',
    '<Chip label={t("common.back")} />',
    '<TextField label={labelText} placeholder={`${a} ${b}`} />',
    '<Typography>SARM</Typography>',
    "<Typography>{'µm'}</Typography>",
    '<img alt="PDF" />',
    '<Box sx={{ label: "Not checked" }} variant="outlined" color="primary" />',
    '<Route path="/sarm/videos" />',
    "<Button onClick={() => setMode('Edit')}>{t('common.back')}</Button>",
    {
      code: '<Typography>Zeiss</Typography>',
      options: [{ allow: ['Zeiss'] }],
    },
    {
      code: '<Typography title="Plain" />',
      options: [{ attributes: ['label'] }],
    },
  ],
  invalid: [
    {
      code: '<Typography>Sign in</Typography>',
      errors: [{ messageId: 'text', data: { text: 'Sign in' } }],
    },
    {
      code: '<Typography>{count} frames · {seconds.toFixed(2)}s</Typography>',
      errors: [{ messageId: 'text', data: { text: 'frames ·' } }, { messageId: 'text' }],
    },
    {
      code: "<Typography>{'Some text'}</Typography>",
      errors: [{ messageId: 'text', data: { text: 'Some text' } }],
    },
    {
      code: '<>{`${n} items`}</>',
      errors: [{ messageId: 'text' }],
    },
    {
      code: "<Typography>{busy ? 'Saving' : t('common.save')}</Typography>",
      errors: [{ messageId: 'text', data: { text: 'Saving' } }],
    },
    {
      code: "<Typography>{failed && 'Failed'}</Typography>",
      errors: [{ messageId: 'text' }],
    },
    {
      code: '<TextField label="Name" placeholder={\'Your name\'} helperText="Required" />',
      errors: [
        { messageId: 'attribute', data: { text: 'Name', attribute: 'label' } },
        { messageId: 'attribute', data: { text: 'Your name', attribute: 'placeholder' } },
        { messageId: 'attribute', data: { text: 'Required', attribute: 'helperText' } },
      ],
    },
    {
      code: '<LinearProgress aria-label={`${file.name} progress`} />',
      errors: [{ messageId: 'attribute', data: { text: 'progress', attribute: 'aria-label' } }],
    },
    {
      code: '<img alt="Frame" title="Zoom" />',
      errors: [{ messageId: 'attribute' }, { messageId: 'attribute' }],
    },
    {
      code: '<ListItemText primary="User ID" secondary={`${id} s`} />',
      errors: [{ messageId: 'attribute' }, { messageId: 'attribute' }],
    },
    {
      code: '<Typography>SARM app</Typography>',
      errors: [{ messageId: 'text' }],
    },
  ],
});

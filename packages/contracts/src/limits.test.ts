import { describe, expect, it } from 'vitest';
import { CreateProjectRequestSchema } from './admin-projects.js';
import {
  emailAddress,
  idText,
  multiLineText,
  NAME_MAX,
  singleLineText,
  TAGS_MAX,
} from './limits.js';
import { ReportEmailRequestSchema, SINGLE_RECIPIENT } from './report-generator.js';
import { VideoTagsSchema } from './videos.js';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('singleLineText', () => {
  const name = singleLineText('Name', 10);

  it('accepts a text at exactly the limit and trims it', () => {
    expect(name.parse('  abcdefghij  ')).toBe('abcdefghij');
  });

  it('refuses one character more, naming the field and the limit', () => {
    expect(messagesOf(name.safeParse('abcdefghijk'))).toEqual([
      'Name must be at most 10 characters',
    ]);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['tab', 'a\tb'],
    ['line feed', 'a\nb'],
    ['carriage return', 'a\rb'],
    ['escape', 'a\u001Bb'],
    ['DEL', 'a\u007Fb'],
  ])('refuses a %s inside the text', (_label, value) => {
    expect(messagesOf(name.safeParse(value))).toEqual(['Name must not contain control characters']);
  });

  it('accepts letters beyond ASCII', () => {
    expect(name.parse('Nguyễn Văn')).toBe('Nguyễn Văn');
  });

  it('keeps surrounding spaces when trim is off', () => {
    expect(singleLineText('Password', 10, { trim: false }).parse(' secret ')).toBe(' secret ');
  });

  it('answers the required message for a missing or empty value', () => {
    const required = singleLineText('Name', 10, { required: 'Name is required' });
    expect(messagesOf(required.safeParse(undefined))).toEqual(['Name is required']);
    expect(messagesOf(required.safeParse('   '))).toEqual(['Name is required']);
  });
});

describe('multiLineText', () => {
  const notes = multiLineText('Notes', 20);

  it('accepts tabs, line feeds and carriage returns', () => {
    expect(notes.parse('one\r\ntwo\tthree\n')).toBe('one\r\ntwo\tthree\n');
  });

  it('refuses other control characters', () => {
    expect(messagesOf(notes.safeParse('one\u0000two'))).toEqual([
      'Notes must not contain control characters',
    ]);
    expect(notes.safeParse('bell\u0007').success).toBe(false);
  });

  it('refuses a text over the limit', () => {
    expect(messagesOf(notes.safeParse('x'.repeat(21)))).toEqual([
      'Notes must be at most 20 characters',
    ]);
  });
});

describe('idText and emailAddress', () => {
  it('refuses an empty or overlong id', () => {
    expect(idText('Video id').safeParse('').success).toBe(false);
    expect(idText('Video id').safeParse('x'.repeat(101)).success).toBe(false);
    expect(idText('Video id').parse('x'.repeat(100))).toHaveLength(100);
  });

  it('refuses an overlong address before checking its form', () => {
    const email = emailAddress('Invalid email');
    expect(email.parse(' user@example.org ')).toBe('user@example.org');
    const long = `${'a'.repeat(250)}@example.org`;
    expect(messagesOf(email.safeParse(long))).toEqual(['Email must be at most 254 characters']);
    expect(messagesOf(email.safeParse('user@example.org\u0000'))).toEqual([
      'Email must not contain control characters',
    ]);
  });
});

describe('request schemas', () => {
  it('limits a project name to NAME_MAX characters', () => {
    expect(CreateProjectRequestSchema.safeParse({ name: 'p'.repeat(NAME_MAX) }).success).toBe(true);
    expect(
      messagesOf(CreateProjectRequestSchema.safeParse({ name: 'p'.repeat(NAME_MAX + 1) })),
    ).toEqual([`Name must be at most ${NAME_MAX} characters`]);
  });

  it('takes exactly one report recipient', () => {
    const send = (recipient: string) => ReportEmailRequestSchema.safeParse({ recipient });
    expect(send('doctor@example.org').success).toBe(true);
    expect(messagesOf(send('a@example.org, b@example.org'))).toEqual([SINGLE_RECIPIENT]);
    expect(messagesOf(send('a@example.org;b@example.org'))).toEqual([SINGLE_RECIPIENT]);
  });

  it('limits the number of video tags', () => {
    const tags = Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`);
    expect(VideoTagsSchema.safeParse(tags.slice(0, TAGS_MAX)).success).toBe(true);
    expect(VideoTagsSchema.safeParse(tags).success).toBe(false);
  });
});

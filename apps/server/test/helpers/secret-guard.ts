/**
 * Suite-wide guard (DESIGN.md §4, issue 2): no response of any test may carry a password, a password
 * hash or a stack trace. buildTestApp() feeds every response payload here through an onSend hook;
 * setup.ts fails the running test when something was caught.
 */

const knownPasswords = new Set<string>();
const violations: string[] = [];

/** Passwords used by a test (fixtures register theirs): seeing one in a response or log is a leak. */
export function rememberPassword(password: string): void {
  if (password.length >= 6) knownPasswords.add(password);
}

const STACK_RE = /\n\s+at .+:\d+:\d+|\bat [\w.<>]+ \((?:file:\/\/|\/|node:)[^)]*:\d+:\d+\)/;

function keysMentioningPassword(value: unknown, path: string[], out: string[]): void {
  if (Array.isArray(value)) {
    value.forEach((v, i) => keysMentioningPassword(v, [...path, String(i)], out));
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const here = [...path, key];
      // The error body may name the field the person must fix (`fields.password`): that is no leak.
      const isErrorField = path.length === 2 && path[0] === 'error' && path[1] === 'fields';
      if (/password|hash/i.test(key) && !isErrorField) out.push(here.join('.'));
      keysMentioningPassword(v, here, out);
    }
  }
}

export function leaksIn(text: string): string[] {
  const found: string[] = [];
  if (text.includes('$argon2')) found.push('an argon2 hash');
  if (STACK_RE.test(text)) found.push('a stack trace');
  for (const password of knownPasswords) if (text.includes(password)) found.push(`the password "${password}"`);
  return found;
}

export function checkResponse(description: string, contentType: string | undefined, payload: string): void {
  const found = leaksIn(payload);
  if (contentType?.includes('json')) {
    try {
      const keys: string[] = [];
      keysMentioningPassword(JSON.parse(payload), [], keys);
      if (keys.length) found.push(`password-like keys ${keys.join(', ')}`);
    } catch {
      // not JSON after all: the text checks above still apply
    }
  }
  if (found.length) violations.push(`${description} contains ${found.join(' and ')}: ${payload.slice(0, 300)}`);
}

export function checkLogLine(line: string): void {
  const found = leaksIn(line);
  if (found.length) violations.push(`a log line contains ${found.join(' and ')}: ${line.slice(0, 300)}`);
}

export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

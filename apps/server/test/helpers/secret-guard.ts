/**
 * Suite-wide guard (docs/architecture.md#errors): no response of any test may carry a password, a password
 * hash or a stack trace, and no log line a password or a hash. buildTestApp() feeds every response
 * payload here through an onSend hook, and every log line through its logger stream;
 * setup.ts fails the running test when something was caught.
 */

const knownPasswords = new Set<string>();
const violations: string[] = [];

/** Passwords used by a test (fixtures register theirs): seeing one in a response or log is a leak. */
export function rememberPassword(password: string): void {
  if (password.length >= 6) knownPasswords.add(password);
}

/** A JWT (header.payload.signature, base64url JSON): what our bearer tokens look like. */
const JWT_RE = /\beyJ[\w-]{5,}\.eyJ[\w-]{5,}\.[\w-]{10,}/;

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

export function leaksIn(text: string, options: { stacksAllowed?: boolean } = {}): string[] {
  const found: string[] = [];
  if (text.includes('$argon2')) found.push('an argon2 hash');
  if (!options.stacksAllowed && STACK_RE.test(text)) found.push('a stack trace');
  for (const password of knownPasswords) if (text.includes(password)) found.push(`the password "${password}"`);
  return found;
}

let checked = 0;
/** How many responses went through checkResponse (lets a test prove the hook is installed). */
export function checkedResponses(): number {
  return checked;
}

export function checkResponse(description: string, contentType: string | undefined, payload: string): void {
  checked += 1;
  const found = leaksIn(payload);
  // The OpenAPI document names the password fields of requests (schemas, never values).
  const describesSchemas = / \/api\/docs\b/.test(description);
  if (contentType?.includes('json') && !describesSchemas) {
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

/** Logs may carry stack traces (that is where 5xx details belong), never a password, a hash or a token. */
export function checkLogLine(line: string): void {
  const found = leaksIn(line, { stacksAllowed: true });
  // Responses carry tokens (login); logs never do.
  if (JWT_RE.test(line)) found.push('a token');
  if (found.length) violations.push(`a log line contains ${found.join(' and ')}: ${line.slice(0, 300)}`);
}

export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

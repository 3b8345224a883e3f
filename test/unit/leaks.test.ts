import { describe, expect, it } from 'vitest';
import { leakIn } from '../../src/ai/leaks.js';

describe('internals leaked in a response body', () => {
  it.each([
    ['Traceback (most recent call last):\n  File "/app/main.py", line 3', 'a Python traceback'],
    ['Error: boom\n    at Object.<anonymous> (/home/ci/api/server.js:12:5)', 'a JavaScript stack trace'],
    ['at com.acme.Users.create(Users.java:42)', 'a JVM stack trace'],
    ['{"error":"cannot open /usr/src/app/db/users.js"}', 'an absolute source file path'],
    ['{"error":"ERROR: syntax error at or near \\"DROP\\""}', 'a database error'],
    ['{"message":"SQLSTATE[23000]: Integrity constraint violation"}', 'a database error'],
  ])('%s → %s', (body, what) => {
    expect(leakIn(body)?.what).toBe(what);
  });

  it.each([
    '{"error":"Not found"}',
    '{"detail":"email must be a string at position 3"}',
    '<html><body>Bad request</body></html>',
    '{"path":"/users/42","message":"no such user"}',
    '{"url":"https://example.com/app/logo.png"}',
  ])('%s is a plain error', (body) => {
    expect(leakIn(body)).toBeNull();
  });
});

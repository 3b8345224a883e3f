/** What `svc test scaffold` writes. The backend skeleton documents the harness contract (DESIGN.md 7). */

export const PLAN_SCHEMA_REF = './node_modules/svc/schemas/plan.schema.json';
export const PROJECT_PLACEHOLDER = 'prj_REPLACE_WITH_YOUR_PROJECT_ID';

export function frontendPlan(projectId: string): string {
  const plan = {
    $schema: PLAN_SCHEMA_REF,
    projectId,
    type: 'frontend',
    name: 'Sign in and see the dashboard',
    description: 'A returning user signs in with the project test account and lands on the dashboard.',
    priority: 'p1',
    planSteps: [
      { type: 'action', description: 'Open the starting URL' },
      { type: 'action', description: 'Click "Sign in" and sign in with the project test account' },
      { type: 'assertion', description: 'The dashboard is shown and greets the user by name' },
    ],
  };
  return `${JSON.stringify(plan, null, 2)}\n`;
}

export const BACKEND_SKELETON = `"""svc backend test: replace this line with what the test checks.

How svc runs this file (the harness contract):
  * python3 runs it top to bottom in a clean environment with a time limit; it never sees
    the server's secrets, only what is listed here.
  * These globals exist before the first line runs (no import needed):
      TARGET_URL           the project's base URL (--url), or the run's --target-url
      BASE_URL             the same string without a trailing slash
      __AUTH_HEADERS__     dict of headers that carry the project's credential: the static
                           credential (svc project credential) or a fresh auto-auth token;
                           {} for a public API
      __AUTH_TYPE__        'public', 'Bearer token', 'API key' or 'basic token'; with auto-auth
                           'Bearer token', 'header:<name>' or 'cookie:<name>'
      __AUTH_CREDENTIAL__  the raw credential value (None when public)
      VARS                 dict of the values this test needs (svc test create --needs NAME),
                           captured by upstream tests
      produce(name, value) hands a value to the tests that need it (declare --produces NAME)
  * Every HTTP call made with urllib.request, requests or urllib3 is recorded (method, URL,
    status, latency, bodies) and shown in the report and the Data Flow view.
  * Verdict: an assert that does not hold fails the test; an exception fails it too. Every
    test_* function runs, even when nothing calls it.

Check this file offline with:  svc test lint --code-file <this file>
Create the test with:          svc test create --project <id> --type backend --name "..." --code-file <this file>
"""
import json
import urllib.error
import urllib.request

try:
    TARGET_URL  # provided by svc
except NameError:  # running by hand: python3 this_file.py
    import os
    TARGET_URL = os.environ.get("TARGET_URL", "http://127.0.0.1:8080")
    BASE_URL = TARGET_URL.rstrip("/")
    __AUTH_HEADERS__, __AUTH_TYPE__, __AUTH_CREDENTIAL__, VARS = {}, "public", None, {}

    def produce(name, value):
        print(f"produce {name} = {value!r}")


def call(method, path, body=None):
    """One JSON request against the target; returns (status, parsed body or text)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Accept": "application/json", **__AUTH_HEADERS__}
    if data is not None:
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(BASE_URL + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            status, raw = res.status, res.read()
    except urllib.error.HTTPError as err:
        status, raw = err.code, err.read()
    try:
        return status, json.loads(raw or b"null")
    except ValueError:
        return status, raw.decode("utf-8", "replace")


def test_service_answers():
    status, body = call("GET", "/")
    assert status < 500, f"GET / answered {status}: {body}"
    # To share a value with a test that declares --needs item_id:
    #   produce("item_id", body["id"])
    # A consumer reads it as VARS["item_id"].


if __name__ == "__main__":
    test_service_answers()
`;

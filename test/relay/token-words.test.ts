// A 401 or 403 says what happened: a token the relay refused, or one it needs
// and was not given (a new user without AEP_TOKEN was told their token was refused).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusedToken } from '../../src/relay/sse-discovery.js';
import { retryPlan } from '../../src/relay/retry-plan.js';
import { resolveTiming } from '../../src/relay/timing.js';

test('the words for a refused connection name the token only when one was given', () => {
  assert.equal(refusedToken(401, 'tok'), 'relay refused the token (HTTP 401)');
  assert.equal(refusedToken(403, undefined), 'relay requires a token (HTTP 403) and none was given');
  assert.equal(refusedToken(404, undefined), undefined);
  const plan = (token?: string) =>
    retryPlan(
      { reason: 'unexpected server response: 401', opened: false, httpStatus: 401 },
      undefined,
      0,
      resolveTiming(),
      () => 0,
      token,
    ).connection;
  assert.deepEqual(plan('tok'), { kind: 'unauthorized', detail: 'relay refused the token (HTTP 401)' });
  assert.deepEqual(plan(), { kind: 'unauthorized', detail: 'relay requires a token (HTTP 401) and none was given' });
});

import { decodeToken, encodeToken } from '../contract/common.js';
import { SvcError } from '../contract/errors.js';

/** The id a --starting-token continues after; a token we did not issue is a 400. */
export function afterOf(token: string | undefined): string | undefined {
  if (token === undefined || token === '') return undefined;
  const pos = decodeToken(token);
  if (!pos || typeof pos.after !== 'string' || !pos.after) {
    throw new SvcError('VALIDATION_ERROR', 'startingToken: not a token this server issued', {
      nextAction: 'Pass the nextToken of a previous page unchanged, or omit --starting-token to start at the first page.',
    });
  }
  return pos.after;
}

/** nextToken of a page: set only when another page exists. */
export function nextTokenOf<T extends { id: string }>(items: T[], more: boolean): string | null {
  const last = items[items.length - 1];
  return more && last ? encodeToken({ after: last.id }) : null;
}

import { readRequestText } from '../../shared-rules/request-text-rule';

/**
 * What the sender filled in, as the contract's RequestFields (issue 25 item 11): the composed lines
 * read back. The client line is left out — the request's own client is shown beside it.
 */
export function requestFieldsOf(text: string) {
  const read = readRequestText(text);
  if (read === null) return null;
  return {
    source: read.source,
    phone: read.phone,
    email: read.email,
    attachment: read.attachment,
    comment: read.comment,
  };
}

/** What a list row quotes of a request: the sender's own words when the text is composed. */
export function requestWords(text: string): string {
  return readRequestText(text)?.comment ?? text;
}

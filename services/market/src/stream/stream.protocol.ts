/**
 * The WebSocket protocol of the contract's Events section, as pure functions: parse a client frame into a command,
 * and build the server's messages. No sockets here, so every rule is testable on its own.
 */

export interface SubscriptionTarget {
  /** As the client wrote it: plain symbol or `<exchange>:<symbol>` key. */
  symbol: string;
  exchange: string | undefined;
  timeframe: string;
}

export type ClientCommand =
  | { action: 'subscribe'; target: SubscriptionTarget }
  | { action: 'unsubscribe'; target: SubscriptionTarget }
  | { action: 'ping' };

export type ParseResult = { ok: true; command: ClientCommand } | { ok: false; message: string };

/** The contract's default timeframe on HTTP; a subscribe without one means the same. */
export const DEFAULT_STREAM_TIMEFRAME = '1m';
const KNOWN_ACTIONS = ['subscribe', 'unsubscribe', 'ping'];
/** Longest field value echoed back in an error, so a hostile client cannot make us send its megabytes back. */
const ECHO_LIMIT = 64;

export function parseClientMessage(raw: string): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'invalid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'a message must be a JSON object with an "action"' };
  }
  const fields = new Map(Object.entries(value));
  const action = fields.get('action');
  if (typeof action !== 'string' || !KNOWN_ACTIONS.includes(action)) {
    const shown = typeof action === 'string' ? `"${action.slice(0, ECHO_LIMIT)}"` : String(action);
    return { ok: false, message: `unknown action ${shown}; expected subscribe, unsubscribe or ping` };
  }
  if (action === 'ping') return { ok: true, command: { action: 'ping' } };

  const symbol = fields.get('symbol');
  const exchange = fields.get('exchange');
  const timeframe = fields.get('timeframe') ?? DEFAULT_STREAM_TIMEFRAME;
  if (typeof symbol !== 'string' || symbol === '')
    return { ok: false, message: `${action}: "symbol" is required` };
  if (exchange !== undefined && exchange !== null && typeof exchange !== 'string') {
    return { ok: false, message: `${action}: "exchange" must be a string` };
  }
  if (typeof timeframe !== 'string') return { ok: false, message: `${action}: "timeframe" must be a string` };
  const target: SubscriptionTarget = {
    symbol,
    exchange: typeof exchange === 'string' && exchange !== '' ? exchange : undefined,
    timeframe,
  };
  return {
    ok: true,
    command: action === 'subscribe' ? { action, target } : { action: 'unsubscribe', target },
  };
}

/** Trims client-supplied text before it is quoted in an error message. */
export function quoteClientText(text: string): string {
  return JSON.stringify(text.length > ECHO_LIMIT ? `${text.slice(0, ECHO_LIMIT)}…` : text);
}

export interface TopicIdentity {
  exchange: string;
  symbol: string;
  timeframe: string;
}

export function formatErrorMessage(message: string): string {
  return JSON.stringify({ type: 'error', message });
}

export function formatAckMessage(type: 'subscribed' | 'unsubscribed', topic: TopicIdentity): string {
  return JSON.stringify({ type, exchange: topic.exchange, symbol: topic.symbol, timeframe: topic.timeframe });
}

/** `data` is already in the contract's Candle shape. */
export function formatCandlesMessage(
  type: 'snapshot' | 'kline',
  topic: TopicIdentity,
  data: readonly object[],
): string {
  return JSON.stringify({
    type,
    exchange: topic.exchange,
    symbol: topic.symbol,
    timeframe: topic.timeframe,
    data,
  });
}

export const PONG_MESSAGE = JSON.stringify({ type: 'pong' });

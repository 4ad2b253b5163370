/* global document, window, location, history, fetch, WebSocket, localStorage, URLSearchParams, Option, LightweightCharts */
// The home page: pick an exchange, symbol and timeframe; history comes over HTTP, live candles over /ws.
// Plain browser JavaScript with no build step; the chart library is the installed package, served by this service.

const HISTORY_CANDLES = 1000;
const QUICK_TIMEFRAMES = ['1m', '5m', '15m', '1h', '4h', '1d', '1w'];
const DERIVATIVES_REFRESH_MS = 30_000;
const SENTIMENT_REFRESH_MS = 60_000;
const CLIENT_PING_MS = 25_000;
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 15_000;
const STORAGE_KEY = 'market-home-selection';

const elements = {
  exchange: document.getElementById('exchange'),
  symbol: document.getElementById('symbol'),
  timeframe: document.getElementById('timeframe'),
  connection: document.getElementById('connection'),
  chart: document.getElementById('chart'),
  title: document.getElementById('pair-title'),
  lastPrice: document.getElementById('last-price'),
  legend: document.getElementById('legend'),
  quick: document.getElementById('quick-timeframes'),
  notice: document.getElementById('notice'),
  source: document.getElementById('source-label'),
};

const state = {
  catalog: { defaultExchange: 'bybit', symbolsByExchange: {} },
  timeframes: { base: [], derived: [] },
  selection: { exchange: '', symbol: '', timeframe: '1m' },
  /** timestamp (ms) -> candle, for the series on screen */
  candles: new Map(),
  lastTimestamp: 0,
  klines: 0,
  /** The topic the socket is subscribed to, so a switch can unsubscribe it. */
  subscribed: null,
  socket: null,
  reconnectDelay: RECONNECT_MIN_MS,
  loadToken: 0,
  /** Pairs with sentiment (from /api/sentiment/available), so the panel never asks for one that has none. */
  sentimentSymbols: new Set(),
};

const chart = LightweightCharts.createChart(elements.chart, {
  autoSize: true,
  layout: {
    background: { type: 'solid', color: '#161b22' },
    textColor: '#c9d1d9',
    // The library's Apache-2.0 licence asks for a visible link to TradingView; the logo provides it on the chart.
    attributionLogo: true,
  },
  grid: { vertLines: { color: '#1f252d' }, horzLines: { color: '#1f252d' } },
  rightPriceScale: { borderColor: '#262d36' },
  timeScale: { borderColor: '#262d36', timeVisible: true, secondsVisible: false },
  crosshair: { mode: LightweightCharts.CrosshairMode.Normal },
});
const candleSeries = chart.addSeries(LightweightCharts.CandlestickSeries, {
  upColor: '#26a69a',
  downColor: '#ef5350',
  borderVisible: false,
  wickUpColor: '#26a69a',
  wickDownColor: '#ef5350',
});
const volumeSeries = chart.addSeries(LightweightCharts.HistogramSeries, {
  priceFormat: { type: 'volume' },
  priceScaleId: '',
  lastValueVisible: false,
  priceLineVisible: false,
});
volumeSeries.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });

chart.subscribeCrosshairMove((param) => {
  const bar = param.time === undefined ? undefined : state.candles.get(Number(param.time) * 1000);
  renderLegend(bar ?? state.candles.get(state.lastTimestamp));
});

// ---------- formatting ----------

function decimalsFor(price) {
  if (!Number.isFinite(price) || price <= 0) return 2;
  if (price >= 1000) return 1;
  if (price >= 10) return 2;
  if (price >= 1) return 3;
  if (price >= 0.1) return 4;
  return 6;
}

function formatPrice(price) {
  return Number.isFinite(price) ? price.toFixed(decimalsFor(price)) : '—';
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });

function formatUsd(value) {
  return Number.isFinite(value) ? `$${compact.format(value)}` : '—';
}

function formatPercent(value, digits = 2) {
  if (!Number.isFinite(value)) return '—';
  return `${value > 0 ? '+' : ''}${value.toFixed(digits)}%`;
}

function formatTime(timestamp) {
  return new Date(timestamp).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
}

function setSigned(element, text, value) {
  element.textContent = text;
  element.classList.toggle('positive', value > 0);
  element.classList.toggle('negative', value < 0);
}

// ---------- chart data ----------

function toBar(candle) {
  return {
    time: candle.timestamp / 1000,
    open: candle.open,
    high: candle.high,
    low: candle.low,
    close: candle.close,
  };
}

function toVolume(candle) {
  return {
    time: candle.timestamp / 1000,
    value: candle.volume,
    color: candle.close >= candle.open ? 'rgba(38, 166, 154, 0.45)' : 'rgba(239, 83, 80, 0.45)',
  };
}

function replaceCandles(candles) {
  state.candles = new Map(candles.map((candle) => [candle.timestamp, candle]));
  redrawAll();
}

/**
 * Stream data (snapshot, klines) is always at least as new as HTTP history, so history only fills timestamps the
 * stream has not delivered, whichever of the two arrives first.
 */
function mergeCandles(candles, { overwrite }) {
  for (const candle of candles) {
    if (overwrite || !state.candles.has(candle.timestamp)) state.candles.set(candle.timestamp, candle);
  }
  redrawAll();
}

function redrawAll() {
  const ordered = [...state.candles.values()].sort((a, b) => a.timestamp - b.timestamp);
  const last = ordered.at(-1);
  if (last) {
    const decimals = decimalsFor(last.close);
    candleSeries.applyOptions({
      priceFormat: { type: 'price', precision: decimals, minMove: 10 ** -decimals },
    });
  }
  candleSeries.setData(ordered.map(toBar));
  volumeSeries.setData(ordered.map(toVolume));
  state.lastTimestamp = last ? last.timestamp : 0;
  elements.chart.dataset.candles = String(ordered.length);
  renderQuote();
}

/** Applies live candles; ones older than the newest on screen are merged with a redraw (the chart only appends). */
function applyKlineCandles(candles) {
  let needsRedraw = false;
  for (const candle of candles) {
    state.candles.set(candle.timestamp, candle);
    if (candle.timestamp >= state.lastTimestamp) {
      candleSeries.update(toBar(candle));
      volumeSeries.update(toVolume(candle));
      state.lastTimestamp = candle.timestamp;
    } else {
      needsRedraw = true;
    }
  }
  if (needsRedraw) redrawAll();
  state.klines += 1;
  elements.chart.dataset.klines = String(state.klines);
  elements.chart.dataset.candles = String(state.candles.size);
  elements.chart.dataset.lastUpdate = String(Date.now());
  renderQuote();
}

function renderQuote() {
  const last = state.candles.get(state.lastTimestamp);
  if (!last) {
    elements.lastPrice.textContent = '—';
    renderLegend(undefined);
    return;
  }
  elements.lastPrice.textContent = formatPrice(last.close);
  elements.lastPrice.dataset.direction = last.close >= last.open ? 'up' : 'down';
  document.title = `${formatPrice(last.close)} · ${state.selection.symbol} ${state.selection.timeframe}`;
  renderLegend(last);
}

function renderLegend(candle) {
  if (!candle) {
    elements.legend.textContent = '';
    return;
  }
  const change = ((candle.close - candle.open) / candle.open) * 100;
  elements.legend.textContent =
    `${formatTime(candle.timestamp)}  O ${formatPrice(candle.open)}  H ${formatPrice(candle.high)}  ` +
    `L ${formatPrice(candle.low)}  C ${formatPrice(candle.close)}  V ${compact.format(candle.volume)}  ${formatPercent(change)}`;
}

function showNotice(message) {
  elements.notice.hidden = !message;
  elements.notice.textContent = message ?? '';
}

// ---------- HTTP ----------

async function getJson(url) {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = body && typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
    throw Object.assign(new Error(message), { status: response.status });
  }
  return body;
}

function candlesUrl({ exchange, symbol, timeframe }) {
  const query = new URLSearchParams({ symbol, exchange, tf: timeframe, limit: String(HISTORY_CANDLES) });
  return `/api/candles?${query}`;
}

async function loadHistory() {
  const token = ++state.loadToken;
  const selection = { ...state.selection };
  try {
    const candles = await getJson(candlesUrl(selection));
    if (token !== state.loadToken) return;
    mergeCandles(candles, { overwrite: false });
    showNotice('');
    chart.timeScale().scrollToRealTime();
  } catch (error) {
    if (token !== state.loadToken) return;
    showNotice(
      error.status === 503 ? 'The exchange is still loading; live candles will follow.' : error.message,
    );
  }
}

async function loadDerivatives() {
  const { exchange, symbol } = state.selection;
  document.getElementById('derivatives-exchange').textContent = exchange;
  const fields = ['funding-rate', 'open-interest', 'oi-change', 'basis'].map((id) =>
    document.getElementById(id),
  );
  try {
    const snapshot = await getJson(`/api/derivatives?${new URLSearchParams({ symbol, exchange })}`);
    if (symbol !== state.selection.symbol || exchange !== state.selection.exchange) return;
    setSigned(fields[0], formatPercent(snapshot.funding_rate * 100, 4), snapshot.funding_rate);
    fields[1].textContent = formatUsd(snapshot.open_interest);
    setSigned(fields[2], formatPercent(snapshot.oi_change_pct), snapshot.oi_change_pct);
    setSigned(fields[3], formatPercent(snapshot.basis), snapshot.basis);
    document.getElementById('derivatives-time').textContent = `as of ${formatTime(snapshot.timestamp)}`;
  } catch (error) {
    for (const field of fields) field.textContent = '—';
    document.getElementById('derivatives-time').textContent = error.message;
  }
}

async function loadSentiment() {
  const { symbol } = state.selection;
  const cells = {
    taker: document.getElementById('taker-ratio'),
    accounts: document.getElementById('account-ratio'),
    top: document.getElementById('top-ratio'),
    oi: document.getElementById('oi-history'),
    funding: document.getElementById('funding-history'),
  };
  const foot = document.getElementById('sentiment-time');
  if (!state.sentimentSymbols.has(symbol)) {
    for (const cell of Object.values(cells)) cell.textContent = '—';
    foot.textContent = 'No sentiment data for this pair (Binance futures-data covers the largest pairs).';
    return;
  }
  try {
    const { data } = await getJson(`/api/sentiment/latest?${new URLSearchParams({ symbol })}`);
    if (symbol !== state.selection.symbol) return;
    const ratio = (record) => (record ? record.long_short_ratio.toFixed(2) : '—');
    const taker = data.taker_buy_sell_ratio;
    setSigned(
      cells.taker,
      taker ? taker.buy_sell_ratio.toFixed(3) : '—',
      taker ? taker.buy_sell_ratio - 1 : 0,
    );
    const accounts = data.long_short_account_ratio;
    cells.accounts.textContent = accounts
      ? `${ratio(accounts)} (${(accounts.long_account * 100).toFixed(1)}% long)`
      : '—';
    cells.top.textContent = ratio(data.top_long_short_position_ratio);
    cells.oi.textContent = data.open_interest_history
      ? formatUsd(data.open_interest_history.open_interest_value)
      : '—';
    const funding = data.funding_rate_history;
    setSigned(
      cells.funding,
      funding ? formatPercent(funding.funding_rate * 100, 4) : '—',
      funding ? funding.funding_rate : 0,
    );
    const newest = Math.max(...Object.values(data).map((record) => (record ? record.timestamp : 0)));
    foot.textContent = newest > 0 ? `latest period ${formatTime(newest)}` : 'collecting…';
  } catch (error) {
    for (const cell of Object.values(cells)) cell.textContent = '—';
    foot.textContent = error.status === 404 ? 'No sentiment data for this pair.' : error.message;
  }
}

// ---------- WebSocket ----------

function socketUrl() {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

function setConnection(stateName, text) {
  elements.connection.dataset.state = stateName;
  elements.connection.textContent = text;
}

function connectSocket() {
  const socket = new WebSocket(socketUrl());
  state.socket = socket;
  setConnection('connecting', 'connecting…');
  socket.addEventListener('open', () => {
    state.reconnectDelay = RECONNECT_MIN_MS;
    setConnection('live', 'live');
    state.subscribed = null;
    subscribeCurrent();
  });
  socket.addEventListener('message', (event) => handleMessage(JSON.parse(event.data)));
  socket.addEventListener('close', () => {
    if (state.socket !== socket) return;
    setConnection('offline', 'reconnecting…');
    window.setTimeout(connectSocket, state.reconnectDelay);
    state.reconnectDelay = Math.min(state.reconnectDelay * 2, RECONNECT_MAX_MS);
  });
}

function send(message) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(message));
}

function subscribeCurrent() {
  const { exchange, symbol, timeframe } = state.selection;
  if (!symbol) return;
  if (state.subscribed) send({ action: 'unsubscribe', ...state.subscribed });
  state.subscribed = { exchange, symbol, timeframe };
  state.klines = 0;
  elements.chart.dataset.klines = '0';
  send({ action: 'subscribe', exchange, symbol, timeframe });
}

function isCurrent(message) {
  const { exchange, symbol, timeframe } = state.selection;
  return message.exchange === exchange && message.symbol === symbol && message.timeframe === timeframe;
}

function handleMessage(message) {
  switch (message.type) {
    case 'snapshot':
      if (isCurrent(message)) {
        mergeCandles(message.data, { overwrite: true });
        showNotice('');
      }
      break;
    case 'kline':
      if (isCurrent(message)) applyKlineCandles(message.data);
      break;
    case 'error':
      showNotice(message.message);
      break;
    default:
      break;
  }
}

// ---------- selection ----------

function fillSelect(select, values, selected, groups) {
  select.replaceChildren();
  if (groups) {
    for (const [label, items] of groups) {
      const group = document.createElement('optgroup');
      group.label = label;
      for (const value of items) group.append(new Option(value, value, false, value === selected));
      select.append(group);
    }
  } else {
    for (const value of values) select.append(new Option(value, value, false, value === selected));
  }
  select.value = selected;
}

function renderSelectors() {
  const { exchange, symbol, timeframe } = state.selection;
  fillSelect(elements.exchange, Object.keys(state.catalog.symbolsByExchange), exchange);
  fillSelect(elements.symbol, state.catalog.symbolsByExchange[exchange] ?? [], symbol);
  fillSelect(elements.timeframe, [], timeframe, [
    ['Base', state.timeframes.base],
    ['Derived', state.timeframes.derived],
  ]);
  for (const button of elements.quick.querySelectorAll('button')) {
    button.setAttribute('aria-pressed', String(button.dataset.timeframe === timeframe));
  }
  elements.title.textContent = `${symbol} · ${exchange} · ${timeframe}`;
  elements.chart.dataset.timeframe = timeframe;
}

function normaliseSelection(candidate) {
  const exchanges = Object.keys(state.catalog.symbolsByExchange);
  const exchange = exchanges.includes(candidate.exchange)
    ? candidate.exchange
    : state.catalog.defaultExchange;
  const symbols = state.catalog.symbolsByExchange[exchange] ?? [];
  const symbol = symbols.includes(candidate.symbol)
    ? candidate.symbol
    : symbols.includes('BTC/USDT:USDT')
      ? 'BTC/USDT:USDT'
      : symbols[0];
  const all = [...state.timeframes.base, ...state.timeframes.derived];
  const timeframe = all.includes(candidate.timeframe) ? candidate.timeframe : '1m';
  return { exchange, symbol, timeframe };
}

function select(change) {
  const previous = state.selection;
  state.selection = normaliseSelection({ ...previous, ...change });
  const pairChanged =
    previous.exchange !== state.selection.exchange || previous.symbol !== state.selection.symbol;
  renderSelectors();
  const query = new URLSearchParams(state.selection);
  history.replaceState(null, '', `?${query}`);
  localStorage.setItem(STORAGE_KEY, JSON.stringify(state.selection));
  replaceCandles([]);
  void loadHistory();
  subscribeCurrent();
  if (pairChanged) {
    void loadDerivatives();
    void loadSentiment();
  }
}

function readInitialSelection() {
  const params = new URLSearchParams(location.search);
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    stored = {};
  }
  return {
    exchange: params.get('exchange') ?? stored.exchange,
    symbol: params.get('symbol') ?? stored.symbol,
    timeframe: params.get('tf') ?? params.get('timeframe') ?? stored.timeframe,
  };
}

async function start() {
  for (const timeframe of QUICK_TIMEFRAMES) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = timeframe;
    button.dataset.timeframe = timeframe;
    button.addEventListener('click', () => select({ timeframe }));
    elements.quick.append(button);
  }
  elements.exchange.addEventListener('change', () => select({ exchange: elements.exchange.value }));
  elements.symbol.addEventListener('change', () => select({ symbol: elements.symbol.value }));
  elements.timeframe.addEventListener('change', () => select({ timeframe: elements.timeframe.value }));

  const [symbols, timeframes, sentiment] = await Promise.all([
    getJson('/api/symbols'),
    getJson('/api/timeframes'),
    getJson('/api/sentiment/available').catch(() => ({ metrics: {} })),
  ]);
  state.sentimentSymbols = new Set(
    Object.values(sentiment.metrics).flatMap((bySymbol) => Object.keys(bySymbol)),
  );
  state.catalog = {
    defaultExchange: symbols.default_exchange,
    symbolsByExchange: Object.fromEntries(symbols.exchanges.map((entry) => [entry.exchange, entry.symbols])),
  };
  state.timeframes = { base: timeframes.base_timeframes, derived: timeframes.derived_timeframes };
  fetch('/health')
    .then((response) => response.json())
    .then((health) => {
      elements.source.textContent = `source: ${health.source ?? 'unknown'}`;
    })
    .catch(() => undefined);

  connectSocket();
  select(readInitialSelection());
  window.setInterval(() => send({ action: 'ping' }), CLIENT_PING_MS);
  window.setInterval(() => void loadDerivatives(), DERIVATIVES_REFRESH_MS);
  window.setInterval(() => void loadSentiment(), SENTIMENT_REFRESH_MS);
}

start().catch((error) => showNotice(`Could not start: ${error.message}`));

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyPlugin from 'fastify-plugin';

const PUBLIC_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'public');
/** The installed chart package's self-contained build: served from node_modules, never from a CDN. */
const CHART_LIBRARY_FILE = 'dist/lightweight-charts.standalone.production.js';
export const CHART_LIBRARY_PATH = '/assets/lightweight-charts.standalone.production.js';

/** The page and its assets change only with a deploy; an hour of caching spares reloads without pinning old code. */
const ASSET_CACHE_CONTROL = 'public, max-age=3600';
/**
 * The one inline style the page needs: the `<style>` element Lightweight Charts 5.2 adds for its TradingView
 * attribution logo. Allowed by hash rather than 'unsafe-inline'; after a library upgrade the browser test fails on the
 * CSP report, whose message names the new hash.
 */
const CHART_ATTRIBUTION_STYLE_HASH = "'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY='";
/**
 * Same-origin everything: scripts and styles from this service, data from its HTTP API and `/ws`. The chart draws
 * on canvases and sets element styles from script, which style-src allows without 'unsafe-inline'.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${CHART_ATTRIBUTION_STYLE_HASH}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The brand mark of the page header as the tab icon. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#26a69a"/><stop offset="1" stop-color="#3b82f6"/></linearGradient></defs>' +
  '<rect width="16" height="16" rx="4" fill="url(#g)"/></svg>';

interface Asset {
  body: Buffer;
  contentType: string;
}

async function loadAssets(): Promise<Record<string, Asset>> {
  const require = createRequire(import.meta.url);
  const chartPackageFolder = dirname(require.resolve('lightweight-charts/package.json'));
  const [page, script, styles, chartLibrary] = await Promise.all([
    readFile(join(PUBLIC_FOLDER, 'index.html')),
    readFile(join(PUBLIC_FOLDER, 'home-page.js')),
    readFile(join(PUBLIC_FOLDER, 'home-page.css')),
    readFile(join(chartPackageFolder, CHART_LIBRARY_FILE)),
  ]);
  return {
    '/': { body: page, contentType: 'text/html; charset=utf-8' },
    '/assets/home-page.js': { body: script, contentType: 'text/javascript; charset=utf-8' },
    '/assets/home-page.css': { body: styles, contentType: 'text/css; charset=utf-8' },
    '/favicon.svg': { body: Buffer.from(FAVICON_SVG), contentType: 'image/svg+xml' },
    [CHART_LIBRARY_PATH]: { body: chartLibrary, contentType: 'text/javascript; charset=utf-8' },
  };
}

/**
 * The home page at `/`: exchange, symbol and timeframe pickers, a candlestick chart (TradingView Lightweight
 * Charts™, attributed on the chart and in the footer as its licence asks), live klines from `/ws`, and the
 * derivatives and sentiment panels. Files are read once at start and served from memory.
 */
export const homePagePlugin = fastifyPlugin(
  async (app: FastifyInstance) => {
    const assets = await loadAssets();
    for (const [path, asset] of Object.entries(assets)) {
      app.get(path, { schema: { hide: true } }, async (_request, reply) =>
        sendAsset(reply, asset, path === '/'),
      );
    }
  },
  { name: 'home-page' },
);

function sendAsset(reply: FastifyReply, asset: Asset, isPage: boolean): FastifyReply {
  reply.header('content-type', asset.contentType).header('x-content-type-options', 'nosniff');
  if (isPage) {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY).header('cache-control', 'no-cache');
    reply.header('referrer-policy', 'same-origin');
  } else {
    reply.header('cache-control', ASSET_CACHE_CONTROL);
  }
  return reply.send(asset.body);
}

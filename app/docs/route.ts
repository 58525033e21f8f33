// GET /docs: the interactive API reference. A small HTML page on which Scalar (served by this app from
// node_modules, no CDN) renders /api/openapi.json. Scalar's HTML API reads its configuration from
// the #api-reference element, so the page needs no inline script and the CSP can forbid them.
import { SCALAR_VERSION } from "./scalar-bundle";

const CONFIGURATION = {
  theme: "default",
  layout: "modern",
  // No request may leave the machine: no web fonts, telemetry, AI agent or CORS proxy.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideClientButton: false,
  persistAuth: false,
  documentDownloadType: "json",
  defaultOpenAllTags: true,
  orderSchemaPropertiesBy: "preserve",
  orderRequiredPropertiesFirst: true,
  metaData: { title: "Provider API reference · Delivery Channel Portal" },
};

/** What the page may load: its own scripts and JSON; inline styles are how Scalar themes itself. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const escapeAttribute = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Provider API reference · Delivery Channel Portal</title>
    <link rel="icon" href="data:," />
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <noscript>The API reference needs JavaScript. The OpenAPI document is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${escapeAttribute(JSON.stringify(CONFIGURATION))}"></script>
    <script src="/docs/scalar.js?v=${encodeURIComponent(SCALAR_VERSION)}"></script>
  </body>
</html>
`;

export function GET() {
  return new Response(HTML, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
    },
  });
}

// GET /docs: the API reference, one server-rendered page written from the OpenAPI document
// (lib/api/reference). The CSP allows its own stylesheet and Copy-button script, by hash, and nothing else.
import { openApiDocument } from "@/lib/api/openapi/document";
import { COPY_SCRIPT_SOURCE } from "@/lib/api/reference/copy-script";
import { referencePage } from "@/lib/api/reference/page";
import { STYLE_SOURCE } from "@/lib/api/reference/style";

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${COPY_SCRIPT_SOURCE}`,
  `style-src ${STYLE_SOURCE}`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

let html: string | undefined;

export function GET() {
  html ??= referencePage(openApiDocument());
  return new Response(html, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
      "cache-control": "no-cache",
    },
  });
}

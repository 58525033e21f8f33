/**
 * Machine translation services behind one interface. LibreTranslate can be self-hosted next to the
 * portal; DeepL goes through its official client. Neither is configured in the embedded default:
 * jobs then stay PENDING, and administrators translate by hand.
 *   TRANSLATOR=libretranslate  LIBRETRANSLATE_URL=http://…  [LIBRETRANSLATE_API_KEY=…]
 *   TRANSLATOR=deepl           DEEPL_API_KEY=…
 */
import * as deepl from "deepl-node";
import { translatorSetting } from "../config";

export interface Translator {
  readonly name: string;
  /** Language codes are the contract's (ISO 639-1, upper case). */
  translate(text: string, from: string, to: string): Promise<string>;
}

export class TranslationFailed extends Error {
  constructor(
    message: string,
    /** Whether trying again later can succeed (rate limits, outages) or not (unsupported language). */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

export function libreTranslate(baseUrl: string, apiKey?: string): Translator {
  const endpoint = new URL("translate", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  return {
    name: "LibreTranslate",
    async translate(text, from, to) {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          q: text,
          source: from.toLowerCase(),
          target: to.toLowerCase(),
          format: "text",
          ...(apiKey ? { api_key: apiKey } : {}),
        }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      }).catch((error: unknown) => {
        throw new TranslationFailed(`LibreTranslate unreachable: ${(error as Error).message}`, true);
      });
      const body = (await response.json().catch(() => ({}))) as { translatedText?: unknown; error?: unknown };
      if (response.ok && typeof body.translatedText === "string") return body.translatedText;
      const detail = typeof body.error === "string" ? body.error : `HTTP ${response.status}`;
      // 400 is a request it will never accept (e.g. an unsupported language); 403 a bad key.
      throw new TranslationFailed(
        `LibreTranslate: ${detail}`,
        response.status >= 500 || response.status === 429,
      );
    },
  };
}

/** DeepL wants a regional variant for some target languages. */
const DEEPL_TARGETS: Record<string, string> = { EN: "en-GB", PT: "pt-PT" };

function deeplTranslator(authKey: string): Translator {
  const client = new deepl.Translator(authKey, { maxRetries: 0, minTimeout: TIMEOUT_MS });
  return {
    name: "DeepL",
    async translate(text, from, to) {
      try {
        const target = (DEEPL_TARGETS[to] ?? to.toLowerCase()) as deepl.TargetLanguageCode;
        const result = await client.translateText(
          text,
          from.toLowerCase() as deepl.SourceLanguageCode,
          target,
        );
        return result.text;
      } catch (error) {
        const retryable =
          error instanceof deepl.TooManyRequestsError ||
          error instanceof deepl.QuotaExceededError ||
          error instanceof deepl.ConnectionError;
        throw new TranslationFailed(`DeepL: ${(error as Error).message}`, retryable);
      }
    },
  };
}

/** The translator the settings name (lib/config.ts), or null (jobs wait for a human). */
export function configuredTranslator(setting = translatorSetting()): Translator | null {
  if (!setting) return null;
  return setting.kind === "deepl"
    ? deeplTranslator(setting.apiKey)
    : libreTranslate(setting.url, setting.apiKey);
}

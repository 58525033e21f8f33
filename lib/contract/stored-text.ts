/**
 * What every string field must be to be stored exactly as sent, on both databases: PostgreSQL's text
 * cannot hold NUL, and a lone UTF-16 surrogate (`"\ud800"`) is not Unicode text at all (Prisma cannot
 * encode it). Checked once over a whole parsed input, before any schema, by the API and the portal's
 * server actions alike, so no endpoint or form can forget it. Iterative: a deeply nested hostile body
 * cannot overflow the stack, and nesting deeper than any contract shape is refused outright.
 */
import { fieldPath } from "./issues";
import { say, type ValidationKey } from "./validation-messages";

/** The contract's deepest shape is four levels; anything far deeper is hostile. */
export const MAX_INPUT_DEPTH = 32;

export interface TextProblem {
  /** `name.translation`, `deliveryList[3].deliveryId`; empty for the input itself. */
  path: string;
  /** Said of the field: "must not contain the NUL character (\u0000)". */
  message: string;
  /** Which problem, for the same as a sentence naming the field (unstorableSentence). */
  kind: TextProblemKind;
}

type TextProblemKind = "nul" | "surrogate" | "nameNul" | "nameSurrogate" | "tooDeep";

/** Each problem said of its field, and as a sentence naming the field: whole sentences for the translators. */
const SAID: Record<TextProblemKind, { ofField: ValidationKey; sentence: ValidationKey }> = {
  nul: { ofField: "mustNotContainNul", sentence: "fieldMustNotContainNul" },
  surrogate: { ofField: "mustBeValidUnicodeText", sentence: "fieldMustBeValidUnicodeText" },
  nameNul: { ofField: "propertyNameMustNotContainNul", sentence: "fieldPropertyNameMustNotContainNul" },
  nameSurrogate: {
    ofField: "propertyNameMustBeValidUnicodeText",
    sentence: "fieldPropertyNameMustBeValidUnicodeText",
  },
  tooDeep: { ofField: "isNestedTooDeep", sentence: "fieldIsNestedTooDeep" },
};

const problem = (path: string, kind: TextProblemKind): TextProblem => ({
  path,
  kind,
  message: say(SAID[kind].ofField, { max: MAX_INPUT_DEPTH }),
});

/** The problem as a sentence naming the field: "deliveryList[3].deliveryId must not contain …". */
export const unstorableSentence = (found: TextProblem, field: string) =>
  say(SAID[found.kind].sentence, { field, max: MAX_INPUT_DEPTH });

function problemOf(text: string): "nul" | "surrogate" | undefined {
  if (text.includes("\u0000")) return "nul";
  if (!text.isWellFormed()) return "surrogate";
  return undefined;
}

/** One container being walked: its keys (null for an array) and the position reached. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  keys: string[] | null;
  length: number;
  next: number;
}

function frameOf(container: object): Frame {
  if (Array.isArray(container)) return { container, keys: null, length: container.length, next: 0 };
  const keys = Object.keys(container);
  return { container: container as Record<string, unknown>, keys, length: keys.length, next: 0 };
}

/** The path to the item a frame is at: only the current chain exists, never one path per node. */
const pathOf = (frames: Frame[]) =>
  fieldPath(frames.map((frame) => (frame.keys ? (frame.keys[frame.next - 1] as string) : frame.next - 1)));

/**
 * The first string (value or property name) that cannot be stored as sent, or nesting too deep.
 * Memory stays proportional to the depth, not the size: a 1 MiB list of 500,000 items allocates
 * nothing per item.
 */
export function findUnstorableText(input: unknown): TextProblem | undefined {
  if (typeof input === "string") {
    const kind = problemOf(input);
    return kind ? problem("", kind) : undefined;
  }
  if (typeof input !== "object" || input === null) return undefined;
  const frames: Frame[] = [frameOf(input)];
  while (frames.length > 0) {
    const frame = frames[frames.length - 1] as Frame;
    if (frame.next >= frame.length) {
      frames.pop();
      continue;
    }
    const key = frame.keys ? (frame.keys[frame.next] as string) : frame.next;
    frame.next += 1;
    const keyProblem = typeof key === "string" ? problemOf(key) : undefined;
    if (keyProblem)
      return problem(pathOf(frames.slice(0, -1)), keyProblem === "nul" ? "nameNul" : "nameSurrogate");
    const value = (frame.container as Record<string | number, unknown>)[key];
    if (typeof value === "string") {
      const kind = problemOf(value);
      if (kind) return problem(pathOf(frames), kind);
    } else if (typeof value === "object" && value !== null) {
      if (frames.length >= MAX_INPUT_DEPTH) return problem(pathOf(frames), "tooDeep");
      frames.push(frameOf(value));
    }
  }
  return undefined;
}

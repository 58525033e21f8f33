/** A record's id as a form or a button sends it: ids come from our own pages, but actions are public endpoints. */
import { z } from "zod";

export const recordId = z.string().min(1, "is required").max(200, "is too long");

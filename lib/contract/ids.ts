/** A record's id as a form or a button sends it: ids come from our own pages, but actions are public endpoints. */

import { z } from "zod";
import { say } from "./validation-messages";

export const recordId = z.string().min(1, say("isRequired")).max(200, say("isTooLong"));

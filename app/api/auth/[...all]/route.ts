// better-auth's endpoints (sign-in, sign-out, session) for the portals' browser client. Every method
// goes to the library, so that one it has no endpoint for gets its JSON 404, not Next's empty 405.

import { withJsonErrors } from "@/lib/auth/auth-error-answers";
import { auth } from "@/lib/auth/server";

const handle = async (request: Request) => withJsonErrors(request, await auth().handler(request));

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };

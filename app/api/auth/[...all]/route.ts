// better-auth's endpoints (sign-in, sign-out, session) for the portals' browser client.
import { auth } from "@/lib/auth/server";

const handle = (request: Request) => auth().handler(request);

export { handle as GET, handle as POST };

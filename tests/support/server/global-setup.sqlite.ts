import { setupFor } from "./global-setup";
export default setupFor("sqlite");

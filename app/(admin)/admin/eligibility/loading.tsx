// Only where no page below calls notFound(): a loading boundary starts the response (200) before
// the page decides, so a not-found page under one would answer 200 instead of 404.
export { ListLoading as default } from "@/components/shell/list-loading";

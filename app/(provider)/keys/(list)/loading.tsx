// Only where no page below calls notFound(): a loading boundary starts the response (200) before
// the page decides, so a not-found page under one would answer 200 instead of 404.
// In a route group of the list alone: the key pages beside it call notFound().
export { ListLoading as default } from "@/components/shell/list-loading";

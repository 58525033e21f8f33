export { ListLoading as default } from "@/components/shell/list-loading";

"use client";
/** A page of the provider portal that failed to render, inside its header and navigation: see PageError. */
export { PageError as default } from "@/components/ui/page-error";

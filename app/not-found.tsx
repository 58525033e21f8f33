import Link from "next/link";

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 text-slate-600">There is nothing here, or it belongs to someone else.</p>
      <Link href="/" className="mt-6 inline-block text-blue-700 underline underline-offset-2">
        Back to the start
      </Link>
    </main>
  );
}

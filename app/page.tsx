import Link from "next/link";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Delivery Channel Portal</h1>
      <p className="mt-4 text-slate-600">
        Payout and assistance providers register here the delivery channels through which the platform sends
        assistance to beneficiaries.
      </p>
      <Link
        href="/sign-in"
        className="mt-8 inline-flex rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
      >
        Sign in to the portal
      </Link>
      <ul className="mt-8 space-y-2">
        <li>
          <Link className="text-blue-700 underline underline-offset-2 hover:text-blue-900" href="/docs">
            Provider API reference
          </Link>
        </li>
        <li>
          <a
            className="text-blue-700 underline underline-offset-2 hover:text-blue-900"
            href="/api/openapi.json"
          >
            OpenAPI document
          </a>
        </li>
      </ul>
    </main>
  );
}

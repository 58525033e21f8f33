"use client";
/**
 * The providers page's forms: create an organisation (its first API key shown once), create a user
 * of it (the generated password shown once), regenerate its API key (shown once).
 */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextInput } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";

function ShownOnce({ label, value }: { label: string; value: string }) {
  return (
    <section aria-label={label} className="mt-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm">
      <p className="font-medium text-green-900">{label}: copy it now, it will not be shown again.</p>
      <code data-testid="shown-once" className="mt-1 block font-mono break-all">
        {value}
      </code>
    </section>
  );
}

function useSubmit<T>() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (run: () => Promise<ActionResult<T>>, onDone: (data: T) => void) =>
    startTransition(async () => {
      const result = await callAction(run);
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        toast.error(result.error);
        return;
      }
      setErrors({});
      onDone(result.data);
      router.refresh();
    });
  return { pending, errors, submit };
}

export function CreateProviderForm({
  create,
}: {
  create: (input: unknown) => Promise<ActionResult<{ id: string; key: string }>>;
}) {
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ id: string; key: string }>();
  const { pending, errors, submit } = useSubmit<{ id: string; key: string }>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(
          () => create({ name }),
          (data) => {
            setCreated(data);
            setName("");
            toast.success("Provider created.");
          },
        );
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextInput
            label="Organisation name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
        </div>
        <Button type="submit" pending={pending}>
          Create provider
        </Button>
      </div>
      {created && <ShownOnce label="The provider's API key" value={created.key} />}
    </form>
  );
}

export function CreateUserForm({
  providerId,
  create,
}: {
  providerId: string;
  create: (input: unknown) => Promise<ActionResult<{ email: string; password: string }>>;
}) {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [created, setCreated] = useState<{ email: string; password: string }>();
  const { pending, errors, submit } = useSubmit<{ email: string; password: string }>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit(
          () => create({ providerId, email, name }),
          (data) => {
            setCreated(data);
            setEmail("");
            setName("");
            toast.success(`User ${data.email} created.`);
          },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <TextInput label="Name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      </div>
      <Button type="submit" className="mt-3" pending={pending}>
        Create user
      </Button>
      {created && <ShownOnce label={`Password of ${created.email}`} value={created.password} />}
    </form>
  );
}

export function RegenerateKeyButton({
  providerId,
  regenerate,
}: {
  providerId: string;
  regenerate: (providerId: string) => Promise<ActionResult<{ key: string }>>;
}) {
  const [key, setKey] = useState<string>();
  const { pending, submit } = useSubmit<{ key: string }>();
  return (
    <div>
      <ConfirmDialog
        title="Regenerate the API key?"
        confirmLabel="Regenerate"
        tone="danger"
        pending={pending}
        onConfirm={() =>
          new Promise<void>((resolve) => {
            submit(
              () => regenerate(providerId),
              (data) => {
                setKey(data.key);
                toast.success("A new key was issued; the old ones are revoked.");
              },
            );
            resolve();
          })
        }
        trigger={(open) => (
          <Button variant="secondary" onClick={open}>
            Issue / regenerate API key
          </Button>
        )}
      >
        Every active key of this provider stops working at once, and a new one is issued.
      </ConfirmDialog>
      {key && <ShownOnce label="The new API key" value={key} />}
    </div>
  );
}

/**
 * The deployment examples (issue 34, item 1) agree with the image: compose.yaml and
 * deploy/kubernetes/portal.yaml parse, run only commands the image's entrypoint knows, reach the port
 * the Containerfile exposes, probe paths the server serves, and the Containerfile's runtime stage runs
 * as a user that is not root, with no build tools. No container engine runs here, so what the image
 * copies is started in tests/api/operations/image-runtime.test.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { OPERATIONS } from "@/lib/api/operations";

const containerfile = readFileSync("Containerfile", "utf8");
const entrypoint = readFileSync("deploy/image/entrypoint.sh", "utf8");

/** The entrypoint's commands: the labels of its `case` (`app)`, `a | b)`), the fallback `*` aside. */
const COMMANDS = new Set(
  [...entrypoint.matchAll(/^ {2}([a-z][a-z| -]*)\)/gm)].flatMap((match) =>
    match[1]!.split("|").map((word) => word.trim()),
  ),
);
const EXPOSED = Number(/^EXPOSE (\d+)$/m.exec(containerfile)?.[1]);
const SERVED_PATHS = new Set(OPERATIONS.map((operation) => operation.path));

interface Container {
  args?: string[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string }; tcpSocket?: { port: string } };
  resources?: { requests?: object; limits?: { memory?: string } };
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  spec: {
    replicas?: number;
    selector?: { matchLabels: Record<string, string> };
    template?: {
      metadata?: { labels: Record<string, string> };
      spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } };
    };
    ports?: { targetPort: string }[];
  };
}

describe("the image", () => {
  it("has an app, a worker and a migrate command, each starting a program compiled from our sources", () => {
    expect([...COMMANDS]).toEqual(
      expect.arrayContaining(["app", "worker", "migrate", "token-create", "backup", "restore"]),
    );
    // The entrypoint runs them compiled (deploy/image/bundle-runtime.ts): each from a source of ours.
    for (const file of entrypoint.matchAll(/\b((?:server|scripts)\/[a-z-]+)\.js\b/g))
      expect(existsSync(`${file[1]}.ts`), file[1]).toBe(true);
    for (const tool of [
      "provider-create",
      "user-create",
      "token-create",
      "backup",
      "restore",
      "audit-verify",
    ])
      expect(existsSync(`scripts/${tool}.ts`), tool).toBe(true);
  });

  it("builds in one stage and runs in another, as a user that is not root, with the app by default", () => {
    const stages = containerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    const runtime = stages[1]!;
    expect(runtime).toMatch(/^USER 10001:10001$/m);
    expect(runtime).not.toMatch(/npm install|g\+\+|make /);
    expect(runtime).toMatch(/^COPY --from=build .*\/app \/app$/m);
    expect(runtime).toContain('ENTRYPOINT ["tini", "--", "deploy/image/entrypoint.sh"]');
    expect(runtime).toContain('CMD ["app"]');
    expect(EXPOSED).toBe(3000);
    expect(stages[0]).toContain("deploy/image/assemble-runtime.sh /app");
  });
});

describe("compose.yaml", () => {
  // Compose reads `<<:` merge keys (YAML 1.1); the yaml library applies them only when asked.
  const compose = parse(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
    services: Record<
      string,
      {
        command?: string[];
        ports?: string[];
        image?: string;
        profiles?: string[];
        restart?: string;
        healthcheck?: { test: string[] };
        depends_on?: Record<string, { condition: string }>;
        environment?: Record<string, string>;
      }
    >;
  };
  const services = compose.services;
  const portal = Object.entries(services).filter(([, service]) =>
    service.image?.includes("delivery-channel-portal"),
  );

  it("runs two app instances, a worker and a one-shot migration, with PostgreSQL; Redis and mail on request", () => {
    expect(portal.map(([name, service]) => `${name}:${service.command?.[0]}`).sort()).toEqual([
      "app-1:app",
      "app-2:app",
      "migrate:migrate",
      "worker:worker",
    ]);
    for (const [name, service] of portal) expect(COMMANDS.has(service.command![0]!), name).toBe(true);
    expect(services.migrate!.restart).toBe("no");
    for (const name of ["app-1", "app-2", "worker"])
      expect(services[name]!.depends_on?.migrate?.condition, name).toBe("service_completed_successfully");
    expect(services.redis?.profiles).toEqual(["redis"]);
    expect(services.mail?.profiles).toEqual(["mail"]);
    expect(services.postgres?.image).toMatch(/postgres:15$/);
  });

  it("publishes the exposed port, checks readiness on it, and shares the secrets every instance needs", () => {
    for (const name of ["app-1", "app-2"]) {
      const service = services[name]!;
      expect(service.ports?.[0]?.split(":")[1], name).toBe(String(EXPOSED));
      const probe = service.healthcheck!.test.join(" ");
      expect(probe).toContain(`127.0.0.1:${EXPOSED}/api/health/ready`);
      expect(service.environment?.WORKERS_IN_PROCESS).toBe("false");
      for (const secret of ["SECRET_ENCRYPTION_KEY", "BETTER_AUTH_SECRET"])
        expect(service.environment?.[secret], secret).toMatch(/^\$\{\w+:\?/);
    }
    expect(SERVED_PATHS.has("/api/health/ready")).toBe(true);
    expect(services.worker!.environment?.WORKER_METRICS_PORT).toBe("9464");
  });
});

describe("deploy/kubernetes/portal.yaml", () => {
  const manifests = parseAllDocuments(readFileSync("deploy/kubernetes/portal.yaml", "utf8")).map(
    (document) => {
      expect(document.errors).toEqual([]);
      return document.toJS() as Manifest;
    },
  );
  const named = (kind: string, name: string) => {
    const found = manifests.find((manifest) => manifest.kind === kind && manifest.metadata.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found;
  };
  const app = named("Deployment", "delivery-channel-portal-app");
  const worker = named("Deployment", "delivery-channel-portal-worker");
  const migrate = named("Job", "delivery-channel-portal-migrate");
  const containerOf = (manifest: Manifest) => manifest.spec.template!.spec.containers[0]!;

  it("runs the image's app, worker and migrate commands, each not as root and with resources", () => {
    expect([app, worker, migrate].map((manifest) => containerOf(manifest).args)).toEqual([
      ["app"],
      ["worker"],
      ["migrate"],
    ]);
    for (const manifest of [app, worker, migrate]) {
      expect(manifest.spec.template!.spec.securityContext?.runAsNonRoot, manifest.metadata.name).toBe(true);
      expect(containerOf(manifest).resources?.requests, manifest.metadata.name).toBeDefined();
      expect(containerOf(manifest).resources?.limits?.memory, manifest.metadata.name).toBeDefined();
    }
    expect(app.spec.replicas).toBe(2);
  });

  it("probes readiness and liveness apart, on paths the server serves and the port the image exposes", () => {
    const container = containerOf(app);
    expect(container.ports).toEqual([{ name: "http", containerPort: EXPOSED }]);
    expect(container.readinessProbe?.httpGet).toEqual({ path: "/api/health/ready", port: "http" });
    expect(container.livenessProbe?.httpGet).toEqual({ path: "/api/health/live", port: "http" });
    for (const probePath of ["/api/health/ready", "/api/health/live"])
      expect(SERVED_PATHS.has(probePath), probePath).toBe(true);
    expect(containerOf(worker).livenessProbe?.tcpSocket?.port).toBe("metrics");
  });

  it("keeps one app pod through a disruption, and the Service reaches the app pods' port", () => {
    const budget = named("PodDisruptionBudget", "delivery-channel-portal-app");
    expect(budget.spec.selector?.matchLabels).toEqual(app.spec.template!.metadata!.labels);
    expect(app.spec.selector?.matchLabels).toEqual(app.spec.template!.metadata!.labels);
    const service = named("Service", "delivery-channel-portal");
    expect(service.spec.ports?.[0]?.targetPort).toBe("http");
  });
});

/**
 * Summarizes V8 .cpuprofile files (from `--cpu-prof`): self time by module (npm package, project
 * file, node internals) and by function, so that a bench run says where the server's CPU went.
 * Also runnable alone: `npx tsx scripts/bench/profile-summary.ts <folder>`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function moduleOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (inPackage) return inPackage.at(-1)?.replace("node_modules/", "") ?? url;
  if (url.startsWith("node:")) return url;
  const file = url.replace(/^file:\/\//, "");
  return file.startsWith(process.cwd()) ? path.relative(process.cwd(), file) : url;
}

function profileFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) found.push(...profileFiles(full));
    else if (entry.endsWith(".cpuprofile")) found.push(full);
  }
  return found;
}

/** `files`: .cpuprofile files, or a folder to search for them. */
export function summarizeProfiles(files: string | string[], top = 20): void {
  for (const file of typeof files === "string" ? profileFiles(files) : files) {
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const byModule = new Map<string, number>();
    const byFunction = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, index) => {
      const node = byId.get(id);
      const micros = profile.timeDeltas[index] ?? 0;
      if (!node) return;
      const { functionName, url, lineNumber } = node.callFrame;
      if (functionName === "(idle)") return;
      total += micros;
      const module = moduleOf(url, functionName);
      byModule.set(module, (byModule.get(module) ?? 0) + micros);
      const key = `${functionName || "(anonymous)"} ${module}:${lineNumber + 1}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    });
    const show = (title: string, map: Map<string, number>) => {
      console.log(`  ${title}`);
      for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
        console.log(`    ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
      }
    };
    const wall = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0);
    console.log(
      `\nCPU profile ${path.relative(process.cwd(), file)}: main thread busy ${(total / 1e6).toFixed(1)} s ` +
        `of ${(wall / 1e6).toFixed(1)} s`,
    );
    show("self time by module", byModule);
    show("self time by function", byFunction);
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  summarizeProfiles(process.argv[2] ?? "artifacts/cpu-prof");
}

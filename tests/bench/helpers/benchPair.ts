// The balanced pair of deploy/ started for a bench: a database of its own on the machine's PostgreSQL, two
// instances of the product as `npm start` runs them (the demo season imported by the first), both with the same
// secrets and Redis, and HAProxy in front with deploy/haproxy.cfg moved to the bench's ports. `stop` ends them all
// and drops the database; `kill` ends one instance with SIGKILL, as a crash would.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { benchConfig, PG_URL } from "./benchDb";

export type Pair = {
  /** The balancer: where players go. */
  url: string;
  /** Each instance, straight (the dev clock is per process: it is set on each). */
  instances: { name: string; url: string; process: ChildProcess }[];
  databaseUrl: string;
  logDir: string;
  kill(name: string): void;
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${url} was not ready within ${seconds} s`);
}

/** deploy/haproxy.cfg with the balancer on `lbPort` and the servers on `ports`, the rest as deployed. */
export function balancerConfig(lbPort: number, ports: number[]): string {
  const cfg = readFileSync(new URL("../../../deploy/haproxy.cfg", import.meta.url), "utf8");
  const moved = cfg
    .replace(/^(\s*)bind :3000\b.*$/m, `$1bind 127.0.0.1:${lbPort}`)
    .replace(/^(\s*server a) 127\.0\.0\.1:3001/m, `$1 127.0.0.1:${ports[0]}`)
    .replace(/^(\s*server b) 127\.0\.0\.1:3002/m, `$1 127.0.0.1:${ports[1]}`);
  if (moved === cfg || !moved.includes(`:${ports[1]}`))
    throw new Error("deploy/haproxy.cfg no longer has the bind and servers this bench moves");
  return moved;
}

export function haproxyInstalled(): boolean {
  return spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status === 0;
}

export async function startPair(options: {
  lbPort?: number;
  ports?: [number, number];
  redisUrl: string;
}): Promise<Pair> {
  const lbPort = options.lbPort ?? 3100;
  const ports = options.ports ?? [3101, 3102];
  const name = `pp_deadline_${process.pid}`;
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = new URL(PG_URL);
  databaseUrl.pathname = `/${name}`;
  const logDir = mkdtempSync(join(tmpdir(), "pp-deadline-"));
  const config = benchConfig();
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: options.redisUrl,
    // One set of secrets for both (deploy/pair.sh): a token signed by one is taken by the other.
    JWT_ACCESS_SECRET: config.jwtAccessSecret,
    JWT_REFRESH_SECRET: config.jwtRefreshSecret,
    ADMIN_TOKEN: "bench-admin-token-0123456789abcdef",
    TRUST_PROXY: "1",
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
  };
  const instances: Pair["instances"] = [];
  const children: ChildProcess[] = [];
  const stopAll = async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null || child.signalCode !== null
          ? undefined
          : new Promise((resolve) => child.once("exit", resolve)),
      ),
    );
  };
  try {
    // The first alone until it is ready: on an empty database it imports the demo season.
    for (const [i, port] of ports.entries()) {
      const label = i === 0 ? "a" : "b";
      const log = createWriteStream(join(logDir, `instance-${label}.log`));
      // What `npm start` runs, without npm between: SIGKILL reaches the server itself.
      const child = spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx", "scripts/start.ts"], {
        env: { ...env, PORT: String(port), DATA_DIR: join(logDir, `data-${label}`) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, child, 240);
      instances.push({ name: label, url, process: child });
    }
    const cfgFile = join(logDir, "haproxy.cfg");
    writeFileSync(cfgFile, balancerConfig(lbPort, ports));
    const balancer = spawn("haproxy", ["-db", "-f", cfgFile], { stdio: ["ignore", "pipe", "pipe"] });
    const balancerLog = createWriteStream(join(logDir, "haproxy.log"));
    balancer.stdout!.pipe(balancerLog);
    balancer.stderr!.pipe(balancerLog);
    children.push(balancer);
    const url = `http://127.0.0.1:${lbPort}`;
    await waitReady(url, balancer, 30);
    return {
      url,
      instances,
      databaseUrl: databaseUrl.toString(),
      logDir,
      kill(label) {
        instances.find((i) => i.name === label)?.process.kill("SIGKILL");
      },
      async stop() {
        await stopAll();
        const drop = new Client({ connectionString: PG_URL });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
        rmSync(join(logDir, "data-a"), { recursive: true, force: true });
        rmSync(join(logDir, "data-b"), { recursive: true, force: true });
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

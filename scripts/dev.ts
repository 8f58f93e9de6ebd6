// `npm run dev`: Vite with hot reload on PORT (3000) proxying /api and /socket.io to the API, which reloads on change.
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, API_PORT: apiPort };

const children = [
  spawn(process.execPath, ["node_modules/vite/bin/vite.js", "--port", port, "--strictPort"], { stdio: "inherit", env }),
  spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());

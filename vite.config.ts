import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { firstPaintHtml } from "./scripts/build/firstPaintHtml";
import { precompress } from "./scripts/build/precompress";
import { chunkGroups } from "./scripts/build/chunkGroups";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), firstPaintHtml(), precompress()],
  build: {
    outDir: "dist",
    sourcemap: true,
    chunkSizeWarningLimit: 400,
    // Issue 12: files that always travel together are merged (scripts/build/chunkGroups.ts).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "app", debugName: "app", tags: ["$initial"], priority: 10 },
            ...chunkGroups(import.meta.dirname),
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/socket.io": { target: `http://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});

import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { firstPaintHtml } from "./scripts/build/firstPaintHtml";
import { precompress } from "./scripts/build/precompress";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), firstPaintHtml(), precompress()],
  build: { outDir: "dist", sourcemap: true, chunkSizeWarningLimit: 400 },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/socket.io": { target: `http://127.0.0.1:${apiPort}`, ws: true },
    },
  },
});

export { uploadsRoutes as uploadsModule } from "./routes";

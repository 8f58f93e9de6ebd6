// The features' owners follow the notifications list with the same pure watcher the app machine uses
// (machines/newNotices.ts), so a notice is new by one rule everywhere.
export { watchNewNotices } from "../../machines/newNotices";

export * from "./auth";
export * from "./profiles";
export * from "./services";
export * from "./messaging";
export * from "./notifications";
export * from "./support";
export * from "./views";
export * from "./jobs";

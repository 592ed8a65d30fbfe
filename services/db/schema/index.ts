/**
 * The database schema, a file per area; every module imports the tables from here. drizzle.config.ts
 * reads this folder to generate migrations.
 */
export * from "./district";
export * from "./schools";
export * from "./staff";
export * from "./students";
export * from "./access";
export * from "./files";
export * from "./records";
export * from "./billing";
export * from "./second-factor";
export * from "./statistics";

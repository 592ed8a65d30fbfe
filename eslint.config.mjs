import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      "dist/**",
      "e2e-report/**",
      "node_modules/**",
      ".data/**",
      "scratch/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "services/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "jsx-a11y": jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  // The hooks rules run React's compiler over each file they see: only where React code lives (the APIs, tests
  // and scripts are half the files; leaving them out saves a sixth of the lint's CPU time).
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layering: the portal reaches the APIs only over HTTP, and the APIs share only the contract with it.
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/services/**", "@/services/**"],
              message: "The portal calls the APIs over HTTP (lib/bff, lib/server-api); it never imports services/.",
            },
          ],
          paths: [
            {
              name: "react-hook-form",
              importNames: ["useForm"],
              message: "Forms take useForm from @/lib/use-form: its fields show their values in the server's HTML.",
            },
          ],
        },
      ],
    },
  },
  // A backdrop filter is drawn again for every frame that changes what lies under it: on a phone without a
  // fast GPU (and in the browser suite, whose compositor ran two thirds busier) that is costly, and the sticky
  // header, the loading overlay and the registration's progress were nearly opaque anyway.
  {
    files: ["app/**/*.tsx", "components/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/backdrop-(blur|filter)/], TemplateElement[value.raw=/backdrop-(blur|filter)/]",
          message: "No backdrop filters: they are drawn again every frame (README 'Performance'); use an opaque background.",
        },
      ],
    },
  },
  {
    files: ["services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/lib/**", "@/lib/**", "!**/lib/contract", "!**/lib/contract/**", "!@/lib/contract/**"],
              message: "services/ shares only lib/contract with the portal.",
            },
          ],
        },
      ],
    },
  },
);

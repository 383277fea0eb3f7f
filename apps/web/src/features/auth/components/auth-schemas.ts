// The auth forms' validation: zod and the contract's schemas, a chunk of its own that the forms load on
// their first check (use-auth-form.ts, lazyResolver). /ingresar and /registro download it with their
// first wave (apps/web/vite.config.ts, routePreloads), but building zod's schemas is a long task on a slow
// phone that the first paint does not need.
export { zodResolver } from '@hookform/resolvers/zod';
export { ForgotFormSchema, LoginFormSchema, RegisterFormSchema } from '@sendero/contract';

# The release image: one build for both tiers (README 'Deploying'). Every container runs one of the
# commands the deployment test runs as processes (deploy/fleet.ts): the migration step, an API instance
# or a portal instance.
#   docker build -t district-portal .
# No build happens where it runs: the image holds .next (the portal), dist/ (the servers, the database
# commands and the migrations) and the production packages.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The portal's build id (default: the commit, when the context has .git; else the sources' fingerprint).
ARG BUILD_ID=
ENV PORTAL_BUILD_ID=${BUILD_ID}
# Public settings are built into the pages: pass them here, not at run time.
ARG NEXT_PUBLIC_MAPS_API_KEY=
ENV NEXT_PUBLIC_MAPS_API_KEY=${NEXT_PUBLIC_MAPS_API_KEY}
RUN npm run build

FROM node:22-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build --chown=node:node /app/.next ./.next
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
COPY --from=build /app/next.config.mjs ./
USER node
# The portal by default; compose.yaml runs the APIs and the migration step from the same image.
EXPOSE 3000 4000 4100
CMD ["node", "dist/portal-server.mjs"]

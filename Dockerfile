FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
# Without DATABASE_URL the server keeps an embedded PostgreSQL in .data (DATA_DIR): the node user must own it.
RUN mkdir -p /app/.data && chown node:node /app/.data
VOLUME /app/.data
USER node
EXPOSE 3000
# The flags of scripts/server-node-flags.mjs, which says why (scripts/server-node-flags.test.ts keeps them the same).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "--no-allocation-site-pretenuring", "dist/server/main.js"]

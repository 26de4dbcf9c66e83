# One image for every Bourse node (API or worker: RUN_WORKERS decides). See README "Several nodes".
FROM node:24-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
EXPOSE 3000
CMD ["node", "apps/server/src/main.ts"]

# syntax=docker/dockerfile:1
#
# nginx for compose.yaml: Debian 12's nginx (1.22) and its brotli module, the very packages the
# scale-out rehearsal runs (.ci/run installs them on the CI machine). It holds no configuration:
# compose.yaml mounts deploy/nginx/everyhealth.conf, unchanged, and deploy/compose/nginx/'s files.
#
#   docker build -f deploy/docker/nginx.Dockerfile -t everyhealth-nginx deploy/docker
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-filter \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default
EXPOSE 80 8081
STOPSIGNAL SIGQUIT
CMD ["nginx"]

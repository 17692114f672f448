#!/bin/sh
# The user the services connect with ($RABBITMQ_DEFAULT_USER / $RABBITMQ_DEFAULT_PASS), allowed from other
# hosts; then the server in the foreground.
set -eu
: "${RABBITMQ_DEFAULT_USER:?set RABBITMQ_DEFAULT_USER}" "${RABBITMQ_DEFAULT_PASS:?set RABBITMQ_DEFAULT_PASS}"
cat > /etc/rabbitmq/rabbitmq.conf <<CONF
loopback_users = none
listeners.tcp.default = 5672
default_user = $RABBITMQ_DEFAULT_USER
default_pass = $RABBITMQ_DEFAULT_PASS
default_vhost = /
CONF
exec rabbitmq-server

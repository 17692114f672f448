"""moto's S3 server on 0.0.0.0:9000 with the buckets of $S3_BUCKETS (comma-separated) created at start."""

import os
import signal
import sys

import boto3
from moto.server import ThreadedMotoServer

server = ThreadedMotoServer(ip_address="0.0.0.0", port=9000, verbose=False)
server.start()
s3 = boto3.client(
    "s3",
    endpoint_url="http://127.0.0.1:9000",
    region_name="us-east-1",
    aws_access_key_id="moto",
    aws_secret_access_key="moto",
)
for bucket in filter(None, os.environ.get("S3_BUCKETS", "").split(",")):
    s3.create_bucket(Bucket=bucket.strip())
print(f"s3: moto on :9000, buckets {os.environ.get('S3_BUCKETS', '')}", flush=True)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
signal.pause()

"""The deployment files keep the architecture's promises: valid Kubernetes objects, and workers that can
neither read nor reach PostgreSQL.

Every manifest the kustomization lists is validated against the Kubernetes API's schemas
(``kubernetes-validate``, strict: an unknown field is an error), and compose.yaml is read as an operator's
tool would read it. No container engine is needed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
KUBE = REPO / "deploy" / "kubernetes"
COMPOSE = REPO / "compose.yaml"
# A release kubernetes-validate ships schemas for; the manifests use only APIs stable well before it.
KUBERNETES_VERSION = "1.30.0"

POSTGRES_PORT = 5432
POSTGRES_MARKERS = re.compile(r"DATABASE_URL|POSTGRES|PGPASS|PGUSER|PGHOST|PGDATABASE|postgresql://", re.I)
BROWSER_CAP_MIB = 2048  # WF2DES_BROWSER_MAX_MEMORY_MB's default, README "What the browser may take"
PYTHON_MARGIN_MIB = 512  # the worker's Python processes and Playwright's driver, beyond the browsers


def _kustomization() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((KUBE / "kustomization.yaml").read_text())
    return loaded


def _objects() -> list[dict[str, Any]]:
    objects: list[dict[str, Any]] = []
    for name in _kustomization()["resources"]:
        objects.extend(doc for doc in yaml.safe_load_all((KUBE / name).read_text()) if doc)
    return objects


def _of_kind(kind: str) -> list[dict[str, Any]]:
    return [o for o in _objects() if o["kind"] == kind]


def _named(kind: str, name: str) -> dict[str, Any]:
    found = [o for o in _of_kind(kind) if o["metadata"]["name"] == name]
    assert len(found) == 1, f"{kind}/{name}: {len(found)} found"
    return found[0]


def _pod_spec(obj: dict[str, Any]) -> dict[str, Any]:
    spec: dict[str, Any] = obj["spec"]["template"]["spec"]
    return spec


def _workloads() -> list[dict[str, Any]]:
    return [o for o in _objects() if o["kind"] in {"Deployment", "Job", "StatefulSet", "DaemonSet"}]


def _selects(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """Kubernetes label-selector semantics (matchLabels and the In/NotIn/Exists operators used here)."""
    if any(labels.get(k) != v for k, v in (selector.get("matchLabels") or {}).items()):
        return False
    for expr in selector.get("matchExpressions") or []:
        key, op, values = expr["key"], expr["operator"], expr.get("values", [])
        if op == "In" and labels.get(key) not in values:
            return False
        if op == "NotIn" and labels.get(key) in values:
            return False
        if op == "Exists" and key not in labels:
            return False
        if op == "DoesNotExist" and key in labels:
            return False
    return True


def _worker() -> dict[str, Any]:
    return _named("Deployment", "wf2des-worker")


def _mebibytes(quantity: str) -> float:
    units = {"Ki": 1 / 1024, "Mi": 1, "Gi": 1024, "Ti": 1024 * 1024, "M": 1e6 / 2**20, "G": 1e9 / 2**20}
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMGT]i?)?", quantity)
    assert match, quantity
    number, unit = float(match[1]), match[2]
    return number * units[unit] if unit else number / 2**20


# --- schema validity ---------------------------------------------------------------------------------


def test_kustomization_lists_every_manifest() -> None:
    listed = set(_kustomization()["resources"])
    on_disk = {p.name for p in KUBE.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == on_disk


MANIFESTS = sorted(p.name for p in KUBE.glob("*.yaml") if p.name != "kustomization.yaml")


@pytest.mark.parametrize("name", MANIFESTS)
def test_manifest_is_valid_against_the_kubernetes_schemas(name: str) -> None:
    docs = [d for d in yaml.safe_load_all((KUBE / name).read_text()) if d]
    assert docs
    for doc in docs:
        kubernetes_validate.validate(doc, KUBERNETES_VERSION, strict=True)


def test_the_validator_refuses_what_the_api_would() -> None:
    # the check above can fail: a misspelt field in a real manifest is an error
    broken = _worker()
    broken = {**broken, "spec": {**broken["spec"], "replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSION, strict=True)


# --- workers and PostgreSQL ------------------------------------------------------------------------


def test_worker_pods_carry_no_postgresql_setting() -> None:
    pod = _pod_spec(_worker())
    for container in pod["containers"] + pod.get("initContainers", []):
        for env in container.get("env", []):
            assert not POSTGRES_MARKERS.search(env["name"]), env
            assert not POSTGRES_MARKERS.search(str(env.get("value", ""))), env
            ref = (env.get("valueFrom") or {}).get("secretKeyRef")
            if ref:
                assert ref["name"] != "wf2des-postgres", env
                assert not POSTGRES_MARKERS.search(ref["key"]), env
        for source in container.get("envFrom", []):
            assert "secretRef" not in source, "a whole Secret could carry the database URL"
    for volume in pod.get("volumes", []):
        assert "secret" not in volume, volume
        assert "projected" not in volume, volume


def test_only_the_api_side_references_the_postgresql_secret() -> None:
    readers = {
        o["metadata"]["name"] for o in _workloads() if "wf2des-postgres" in yaml.safe_dump(_pod_spec(o))
    }
    assert readers == {"wf2des-api", "wf2des-relay", "wf2des-migrate"}


def test_the_shared_configmap_holds_no_postgresql_setting() -> None:
    for config in _of_kind("ConfigMap"):
        for key, value in config["data"].items():
            assert not POSTGRES_MARKERS.search(key), key
            assert not POSTGRES_MARKERS.search(str(value)), key


def _port_covers(port: dict[str, Any], number: int) -> bool:
    start = port.get("port")
    if start is None:
        return True  # a rule naming only a protocol opens every port
    if isinstance(start, str):
        return start.lower() in {"postgres", "postgresql", "pg"}
    return bool(start <= number <= port.get("endPort", start))


def test_network_policies_keep_workers_from_postgresql() -> None:
    labels = _pod_spec(_worker()) and _worker()["spec"]["template"]["metadata"]["labels"]
    policies = [p for p in _of_kind("NetworkPolicy") if _selects(p["spec"]["podSelector"], labels)]
    assert any(p["spec"]["podSelector"] == {} and "Egress" in p["spec"]["policyTypes"] for p in policies), (
        "no default-deny egress policy selects the workers"
    )
    for policy in policies:
        if "Egress" not in policy["spec"]["policyTypes"]:
            continue
        for rule in policy["spec"].get("egress", []):
            ports = rule.get("ports")
            peers = rule.get("to", [])
            # A rule without ports opens every port: allowed only towards named wf2des pods that are not
            # PostgreSQL (the API's webhook), never towards an address block or another namespace.
            if not ports:
                assert peers, f"{policy['metadata']['name']}: egress everywhere on every port"
                for peer in peers:
                    assert set(peer) == {"podSelector"}, policy["metadata"]["name"]
                    assert not _selects(peer["podSelector"], {"app.kubernetes.io/name": "postgresql"})
                continue
            for port in ports:
                assert not _port_covers(port, POSTGRES_PORT), f"{policy['metadata']['name']} opens {port}"
            for peer in peers:
                selector = peer.get("podSelector")
                if selector is not None:
                    assert not _selects(selector, {"app.kubernetes.io/name": "postgresql"})


def test_in_cluster_postgresql_admits_only_the_api_side() -> None:
    policy = _named("NetworkPolicy", "postgresql-from-api-only")
    assert policy["spec"]["policyTypes"] == ["Ingress"]
    worker_labels = _worker()["spec"]["template"]["metadata"]["labels"]
    api_labels = _named("Deployment", "wf2des-api")["spec"]["template"]["metadata"]["labels"]
    peers = [peer for rule in policy["spec"]["ingress"] for peer in rule["from"]]
    assert not any(_selects(p["podSelector"], worker_labels) for p in peers)
    assert any(_selects(p["podSelector"], api_labels) for p in peers)


# --- probes, limits, secrets -------------------------------------------------------------------------


def test_api_and_worker_have_probes_and_the_worker_probes_its_stall_verdict() -> None:
    api = _pod_spec(_named("Deployment", "wf2des-api"))["containers"][0]
    assert api["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert api["readinessProbe"]["httpGet"]["path"] == "/readyz"
    worker = _pod_spec(_worker())["containers"][0]
    probe = worker["livenessProbe"]["httpGet"]
    assert probe["path"] == "/healthz"
    args = worker["args"]
    health_port = int(args[args.index("--health-port") + 1])
    named = {p["name"]: p["containerPort"] for p in worker["ports"]}
    assert named.get(probe["port"], probe["port"]) == health_port
    # the kubelet connects to the pod's IP: the probe must listen beyond the loopback
    env = {e["name"]: e.get("value") for e in worker["env"]}
    assert env["WF2DES_WORKER_HEALTH_HOST"] == "0.0.0.0"


def test_every_container_has_requests_and_limits() -> None:
    for workload in _workloads():
        for container in _pod_spec(workload)["containers"]:
            resources = container["resources"]
            for kind in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(resources[kind]), (workload["metadata"]["name"], kind)
            assert _mebibytes(resources["requests"]["memory"]) <= _mebibytes(resources["limits"]["memory"])


def test_worker_memory_limit_fits_its_browsers() -> None:
    worker = _pod_spec(_worker())["containers"][0]
    args = worker["args"]
    concurrency = int(args[args.index("--concurrency") + 1])
    settings = _named("ConfigMap", "wf2des-settings")["data"]
    cap = int(settings.get("WF2DES_BROWSER_MAX_MEMORY_MB", BROWSER_CAP_MIB))
    limit = _mebibytes(worker["resources"]["limits"]["memory"])
    # each prefork process keeps one warm browser, each capped at `cap`
    assert limit >= concurrency * cap + PYTHON_MARGIN_MIB
    # and the request covers at least one browser at the corpus pages' measured peak (1.2 GiB)
    assert _mebibytes(worker["resources"]["requests"]["memory"]) >= 1.2 * 1024


def test_secrets_are_referenced_never_inlined() -> None:
    assert _of_kind("Secret") == []
    secret_names = re.compile(r"SECRET|TOKEN|KEY|PASSWORD|DATABASE_URL|DOCSTORE_URL|BROKER_URL", re.I)
    for workload in _workloads():
        for container in _pod_spec(workload)["containers"]:
            for env in container.get("env", []):
                if secret_names.search(env["name"]):
                    assert "value" not in env, (workload["metadata"]["name"], env["name"])
                    assert "secretKeyRef" in env["valueFrom"], env["name"]
    for config in _of_kind("ConfigMap"):
        assert not [k for k in config["data"] if secret_names.search(k)]


def test_workloads_run_as_the_image_user_without_privileges() -> None:
    for workload in _workloads():
        pod = _pod_spec(workload)
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["runAsUser"] == 10001  # the Containerfile's wf2des user
        for container in pod["containers"]:
            context = container["securityContext"]
            assert context["allowPrivilegeEscalation"] is False
            assert context["capabilities"]["drop"] == ["ALL"]
            assert "add" not in context["capabilities"]


def test_every_pod_meets_the_restricted_pod_security_level() -> None:
    namespace = _named("Namespace", "wf2des")
    assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    for workload in _workloads():
        pod = _pod_spec(workload)
        profile = pod["securityContext"]["seccompProfile"]
        assert profile["type"] in {"RuntimeDefault", "Localhost"}, workload["metadata"]["name"]
        for container in pod["containers"]:
            assert "seccompProfile" not in container["securityContext"]  # the pod's applies
            assert not container.get("ports") or all("hostPort" not in p for p in container["ports"])
        kinds = {next(k for k in volume if k != "name") for volume in pod.get("volumes", [])}
        assert kinds <= {"emptyDir", "configMap", "secret", "projected"}, kinds


def test_worker_seccomp_profile_ships_and_allows_the_browsers_user_namespace() -> None:
    profile = _pod_spec(_worker())["securityContext"]["seccompProfile"]
    assert profile["type"] == "Localhost"
    path = KUBE / "seccomp" / profile["localhostProfile"]
    rules = json.loads(path.read_text())
    assert rules["defaultAction"] == "SCMP_ACT_ERRNO"  # an allow-list, not a deny-list
    allowed = {
        name
        for rule in rules["syscalls"]
        if rule["action"] == "SCMP_ACT_ALLOW" and not rule.get("args") and not rule.get("includes")
        for name in rule["names"]
    }
    assert {"unshare", "clone", "setns"} <= allowed


def test_disruption_budgets_and_the_worker_autoscaler() -> None:
    budgets = {p["metadata"]["name"] for p in _of_kind("PodDisruptionBudget")}
    assert {"wf2des-api", "wf2des-worker"} <= budgets
    hpa = _named("HorizontalPodAutoscaler", "wf2des-worker")
    assert hpa["spec"]["scaleTargetRef"]["name"] == "wf2des-worker"
    assert hpa["spec"]["minReplicas"] >= 1
    assert hpa["spec"]["maxReplicas"] > hpa["spec"]["minReplicas"]


def test_migrations_run_once_as_a_job() -> None:
    job = _named("Job", "wf2des-migrate")
    assert _pod_spec(job)["containers"][0]["args"] == ["migrate"]
    for name in ("wf2des-api", "wf2des-worker", "wf2des-relay"):
        args = _pod_spec(_named("Deployment", name))["containers"][0]["args"]
        assert "migrate" not in args


# --- compose.yaml ------------------------------------------------------------------------------------


def _compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return loaded


def _compose_env(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    if isinstance(env, list):
        env = dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
    return {str(k): str(v) for k, v in env.items()}


def test_compose_has_every_part_and_a_one_shot_migration() -> None:
    services = _compose()["services"]
    assert {"postgres", "docstore", "s3", "rabbitmq", "api", "worker", "relay", "migrate"} <= set(services)
    assert services["migrate"]["command"][0] == "migrate"
    assert services["migrate"].get("restart", "no") == "no"
    for name in ("api", "worker", "relay"):
        assert services[name]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"


def test_compose_worker_has_no_postgresql_settings() -> None:
    worker = _compose()["services"]["worker"]
    for key, value in _compose_env(worker).items():
        assert not POSTGRES_MARKERS.search(key), key
        assert not POSTGRES_MARKERS.search(value), key
    assert "env_file" not in worker  # a shared file could carry the database URL
    assert "postgres" not in (worker.get("depends_on") or {})
    assert "postgres" not in yaml.safe_dump(worker.get("networks") or {})
    # and the API side does have them, so the check above looks at the right thing
    assert "WF2DES_DATABASE_URL" in _compose_env(_compose()["services"]["api"])


def test_compose_worker_cannot_reach_postgresql_over_the_network() -> None:
    services = _compose()["services"]

    def networks(name: str) -> set[str]:
        declared = services[name].get("networks") or ["default"]
        return set(declared)

    assert networks("worker").isdisjoint(networks("postgres"))

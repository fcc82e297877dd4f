"""Fixtures shared by the training tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def two_nodes():
    """Two Ray nodes of one CPU each on this machine; the driver joins the head (a cluster of two machines, simulated
    with `ray.cluster_utils.Cluster`)."""
    ray = pytest.importorskip("ray")
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "include_dashboard": False})
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, configure_logging=False, log_to_driver=False)
    try:
        yield cluster
    finally:
        ray.shutdown()
        cluster.shutdown()

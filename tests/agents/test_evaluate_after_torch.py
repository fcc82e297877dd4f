"""An evaluation with worker processes from a process that has used torch's thread pool (a training run evaluating
its checkpoints) must finish: forked children of such a process hung at their first parallel operation."""

import subprocess
import sys
import textwrap

import pytest

SCRIPT = textwrap.dedent("""
    import torch
    torch.set_num_threads(2)
    x = torch.randn(512, 512)
    for _ in range(20):
        x = torch.tanh(x @ x)  # the intra-op thread pool is now running in this process
    from agents.evaluate import evaluate
    from agents.policy import PolicyNet, save_checkpoint
    save_checkpoint(sys.argv[1], PolicyNet(64, 2))
    report = evaluate([sys.argv[1], "random"], games=4, players=2, seed=1, workers=2, progress=False, mp_context="fork")
    print("games", report.agent(sys.argv[1]).games)
""")


@pytest.mark.slow
def test_workers_start_safely_after_torch_ran_threads(tmp_path):
    script = "import sys\n" + SCRIPT
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "p.pt")], capture_output=True, text=True,
                         timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "games 4" in out.stdout


def test_a_worker_that_imports_torch_later_runs_it_on_one_thread():
    """A worker of a parent that never imported torch (`benchmarks/strength.py` calling `evaluate` directly) imports
    it with its first policy agent: it must still run on one thread, or two workers oversubscribe the cores."""
    script = textwrap.dedent("""
        import sys
        from agents.evaluate import single_threaded
        assert "torch" not in sys.modules
        single_threaded()  # what every pool worker runs first
        import torch
        print("threads", torch.get_num_threads())
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={k: v for k, v in __import__("os").environ.items() if not k.endswith("NUM_THREADS")})
    assert out.returncode == 0, out.stderr[-2000:]
    assert "threads 1" in out.stdout


def test_a_worker_runs_numpys_blas_on_one_thread():
    """numpy's OpenBLAS is loaded before the pool forks and keeps a thread per core: the workers set it to one, or a
    `ppo+ismcts` leaf value (a few rows times a layer) runs several times slower with the cores busy (agents/evaluate.py,
    `single_threaded`). An agent in the workers reports what its BLAS runs on."""
    script = textwrap.dedent("""
        import numpy
        from threadpoolctl import threadpool_info
        from agents.evaluate import evaluate
        from agents.random_agent import RandomAgent
        from agents.registry import register

        class Reporter(RandomAgent):
            name = "blas-reporter"
            def act(self, decision):
                threads = {i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"}
                assert threads == {1}, threads
                return super().act(decision)

        register("blas-reporter", Reporter)
        print("before", max(i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"))
        report = evaluate(["blas-reporter", "random"], games=4, players=2, seed=1, workers=2, progress=False,
                          mp_context="fork")
        print("games", report.agent("blas-reporter").games)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         env={k: v for k, v in __import__("os").environ.items() if not k.endswith("NUM_THREADS")})
    assert out.returncode == 0, out.stderr[-2000:]
    assert "games 4" in out.stdout

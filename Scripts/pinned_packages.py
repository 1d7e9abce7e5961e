"""Pinned PyPI packages for the repository's check scripts, each set in its own folder under .build.

    from pinned_packages import load
    load(["jsonschema==4.26.0"], "python-sarif")

Installs the packages into .build/FOLDER on first use (a marker file names the pinned set, so a
change of versions installs again) and puts the folder first on sys.path.
"""
import os
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def load(packages, folder_name):
    folder = os.path.join(ROOT, ".build", folder_name)
    marker = os.path.join(folder, ".installed-" + "-".join(packages))
    if not os.path.exists(marker):
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", folder, "--upgrade"] + packages,
                       check=True)
        open(marker, "w").close()
    sys.path.insert(0, folder)

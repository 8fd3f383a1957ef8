#!/usr/bin/python3
"""How fast the lesson page of `sudokit teach` is in a real browser: the time to load a page and
the time each step takes to draw (every method moved one step, with the exact-cover view and the
path open on every panel, layout included), median and largest of N steps.

    experiments/lesson_speed.py LESSON.html [STEPS]

Headless Chromium driven by Selenium (scripts/setup.sh --extra). docs/benchmarks.md ("The lesson
page") gives the numbers for a 9x9 and a 16x16 lesson and the commands that made them.
"""
import sys
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

page = Path(sys.argv[1]).resolve()
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
options = webdriver.ChromeOptions()
for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
    options.add_argument(arg)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_window_size(1400, 1800)
try:
    start = time.monotonic()
    driver.get(page.as_uri())
    driver.find_elements(By.CLASS_NAME, "method")  # the page's script has run: get() waits for load
    load = time.monotonic() - start
    for panel in driver.find_elements(By.CLASS_NAME, "method"):
        for toggle in panel.find_elements(By.CSS_SELECTOR, "input.cover, .trail summary"):
            toggle.click()
    times = driver.execute_script("""
        const times = [];
        for (let i = 0; i < arguments[0]; ++i) {
          const t = performance.now();
          actions.fwd();
          document.body.offsetHeight;  // layout included
          times.push(performance.now() - t);
        }
        return times.sort((a, b) => a - b);
    """, steps)
    methods = len(driver.find_elements(By.CLASS_NAME, "method"))
    size = page.stat().st_size
    print(f"{page.name}: {size / 1e6:.2f} MB, {methods} methods; load {load:.2f} s; "
          f"a step (all methods) median {times[len(times) // 2]:.1f} ms, largest {times[-1]:.1f} ms over {steps} steps")
finally:
    driver.quit()

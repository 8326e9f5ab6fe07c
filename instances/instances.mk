# instances: small graphs with known optima (manifest.tsv), used by the tests
EXTRA_DIST += instances/manifest.tsv \
	instances/path10.gr instances/star9.gr instances/cycle9.gr instances/clique8.gr \
	instances/bipartite3x4.gr instances/empty5.gr instances/isolated.gr instances/petersen.gr \
	instances/grid4x4.gr instances/petersen.clq instances/cop_hat300-1.gr instances/vc-exact_001.gr \
	instances/vc-exact_175.gr instances/120-cell.gr instances/line-gnp31.gr

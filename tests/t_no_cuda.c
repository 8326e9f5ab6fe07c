/* Stands in for the CUDA-only device tests in a build without CUDA. */
#include "tap.h"

int main(void)
{
    skip_all("no CUDA build");
    return 0;
}

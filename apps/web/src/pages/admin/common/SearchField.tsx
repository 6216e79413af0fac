import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_MAX } from '@sarm/contracts';

export function SearchField(props: {
  readonly value: string;
  readonly placeholder: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      value={props.value}
      placeholder={props.placeholder}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: 260 }}
      slotProps={{
        htmlInput: { 'aria-label': props.placeholder, maxLength: SEARCH_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
